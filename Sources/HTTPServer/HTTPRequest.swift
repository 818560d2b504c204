import Foundation

/// One request as a route sees it: everything read and bounded before the route runs, so a
/// route never touches the connection.
public struct HTTPRequest: Sendable {
  public let method: String
  /// The path without the query, percent-decoded by libmicrohttpd.
  public let path: String
  /// Query arguments, decoded; the last value wins when a name repeats.
  public let query: [String: String]
  /// Header fields keyed by their lower-cased name (HTTP names are case-insensitive).
  public let headers: [String: String]
  public let body: Data
  /// The peer's address as text (`127.0.0.1`, `::1`), for the request log.
  public let remoteAddress: String

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: Data = Data(), remoteAddress: String = "-"
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
    self.body = body
    self.remoteAddress = remoteAddress
  }

  /// A header's value by name, in any case.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The media type of the body (`application/json`), without parameters such as `charset`.
  public var mediaType: String? {
    header("content-type").map {
      String($0.split(separator: ";", maxSplits: 1).first ?? "")
        .trimmingOptionalWhitespace().lowercased()
    }
  }

  /// The credentials of an `Authorization: Bearer <token>` header; nil when there is no such
  /// header or it uses another scheme. Checking the token is the service's job, not this one's.
  public var bearerToken: String? {
    guard let value = header("authorization") else { return nil }
    let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingOptionalWhitespace()
    return token.isEmpty ? nil : String(token)
  }
}
