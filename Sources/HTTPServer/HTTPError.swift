import FeedComponents
import Foundation

/// A refusal a route throws and the server sends as `{"error": {"code", "message"}}`: the
/// status says what kind, `code` is a stable word for programs, `message` one line for people.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
  public let status: HTTPStatus
  public let code: String
  public let message: String
  /// Extra header fields, such as `Allow` for 405 or `Retry-After` for 429 and 503.
  public let headers: [String: String]

  public init(
    _ status: HTTPStatus, code: String, _ message: String, headers: [String: String] = [:]
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.headers = headers
  }

  public var description: String { "\(status.code) \(code): \(message)" }

  /// The error as the response a client receives.
  public var response: HTTPResponse {
    .json(
      ["error": ["code": .string(code), "message": .string(message)]], status: status,
      headers: headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
  }

  public static func badRequest(_ message: String) -> HTTPError {
    HTTPError(.badRequest, code: "bad_request", message)
  }

  public static func notFound(_ message: String) -> HTTPError {
    HTTPError(.notFound, code: "not_found", message)
  }

  public static func contentTooLarge(limit: Int) -> HTTPError {
    HTTPError(
      .contentTooLarge, code: "content_too_large", "the request body is over \(limit) bytes")
  }

  public static func unsupportedMediaType(expected: String) -> HTTPError {
    HTTPError(
      .unsupportedMediaType, code: "unsupported_media_type", "send the body as \(expected)")
  }

  /// A failure no rule explains — a bug, or stored data that is damaged. The phone is told only
  /// that it happened: the error's own text (which may quote SQL or stored data) goes to the
  /// server's standard error, one line with control characters escaped, never into a response.
  public static func `internal`(_ error: any Error) -> HTTPError {
    log(error, as: "internal error")
    return HTTPError(
      .internalServerError, code: "internal", "the server failed to answer; it logged why")
  }

  /// Writes `error` to the server's standard error as one line (control characters escaped),
  /// for failures whose own text may name internals no client is to read.
  public static func log(_ error: any Error, as kind: String) {
    let detail = String(describing: error).unicodeScalars.map {
      $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
    }.joined()
    FileHandle.standardError.write(Data("feedctl serve: \(kind): \(detail)\n".utf8))
  }

  public static func unavailable(_ message: String) -> HTTPError {
    HTTPError(
      .serviceUnavailable, code: "unavailable", message, headers: ["Retry-After": "1"])
  }
}
