/// An HTTP status code with its reason phrase, for the statuses this server sends.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
  public let code: Int
  public let reason: String

  public init(_ code: Int, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  public var description: String { "\(code) \(reason)" }

  public static let ok = HTTPStatus(200, "OK")
  public static let notModified = HTTPStatus(304, "Not Modified")
  public static let badRequest = HTTPStatus(400, "Bad Request")
  public static let unauthorized = HTTPStatus(401, "Unauthorized")
  public static let forbidden = HTTPStatus(403, "Forbidden")
  public static let notFound = HTTPStatus(404, "Not Found")
  public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
  public static let conflict = HTTPStatus(409, "Conflict")
  public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
  public static let unsupportedMediaType = HTTPStatus(415, "Unsupported Media Type")
  public static let tooManyRequests = HTTPStatus(429, "Too Many Requests")
  public static let internalServerError = HTTPStatus(500, "Internal Server Error")
  public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
}
