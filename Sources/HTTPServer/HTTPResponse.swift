import FeedComponents
import Foundation

/// What a route answers: a status, header fields and a body that is either bytes or a stream
/// of server-sent events kept open after the route returns.
public struct HTTPResponse: Sendable {
  public enum Body: Sendable {
    case bytes(Data)
    case events(EventStream)
  }

  public var status: HTTPStatus
  /// Header fields in the order they are sent.
  public var headers: [(name: String, value: String)]
  public var body: Body

  public init(
    status: HTTPStatus = .ok, headers: [(name: String, value: String)] = [],
    body: Body = .bytes(Data())
  ) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON body, written canonically (the same value is always the same bytes).
  public static func json(
    _ value: JSONValue, status: HTTPStatus = .ok, headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    var body = CanonicalJSONWriter().data(value)
    body.append(0x0A)
    return .bytes(body, contentType: "application/json", status: status, headers: headers)
  }

  /// Bytes already encoded, such as a feed document or a static asset.
  public static func bytes(
    _ body: Data, contentType: String, status: HTTPStatus = .ok,
    headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(body))
  }

  /// Plain text, such as the Prometheus exposition.
  public static func text(
    _ text: String, contentType: String = "text/plain; charset=utf-8", status: HTTPStatus = .ok
  ) -> HTTPResponse {
    .bytes(Data(text.utf8), contentType: contentType, status: status)
  }

  /// A stream of server-sent events; the connection stays open until the stream finishes or
  /// the client goes away.
  public static func events(_ stream: EventStream) -> HTTPResponse {
    HTTPResponse(
      headers: [
        ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"),
        ("X-Accel-Buffering", "no"),
      ], body: .events(stream))
  }

  /// The value of a header field by name, in any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}
