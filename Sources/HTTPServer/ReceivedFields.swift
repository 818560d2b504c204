import Foundation

/// A request's header fields as they came off the wire, checked against the framing and field
/// rules of RFC 9110 and RFC 9112 before any route runs. libmicrohttpd 0.9.75 parses a header
/// leniently (it serves a request carrying both `Content-Length` and `Transfer-Encoding`, uses
/// the first of two `Content-Length`s, cuts a value at a NUL), and a lenient parser behind a
/// proxy that reads the same bytes differently is how requests get smuggled; so the server
/// refuses every ambiguous header itself, and closes the connection, since after an ambiguous
/// frame it cannot know where the next request starts.
struct ReceivedFields {
  /// One field line: its name and value as bytes (a value may hold a NUL the C API hides).
  struct Line {
    let name: [UInt8]
    let value: [UInt8]
  }

  /// Fields that hold one value (RFC 9110 §5.3): a repeated one is refused rather than one copy
  /// picked, since which copy a proxy or a log picked is not known.
  static let singletons: Set<String> = [
    "authorization", "host", "content-type", "client-capabilities", "idempotency-key",
    "last-event-id", "if-modified-since", "if-unmodified-since", "origin",
  ]

  /// Header fields keyed by lower-cased name; a list field sent over several lines is one value,
  /// its lines joined with `, ` in order (RFC 9110 §5.3).
  let headers: [String: String]
  /// The body length `Content-Length` declares; nil without one.
  let contentLength: UInt64?

  /// Checks `lines`; the error is the answer the client gets (its connection then closes).
  /// `requiresHost` is true for HTTP/1.1, where exactly one `Host` is required (RFC 9112 §3.2).
  init(_ lines: [Line], requiresHost: Bool) throws(HTTPError) {
    var values: [String: [String]] = [:]
    for line in lines {
      guard !line.name.isEmpty, line.name.allSatisfy(Self.isTokenByte) else {
        throw Self.refusal("a header field name is not a token (no spaces before the colon)")
      }
      guard line.value.allSatisfy(Self.isFieldValueByte) else {
        throw Self.refusal("a header field value holds a control character such as NUL")
      }
      let name = String(decoding: line.name, as: UTF8.self).lowercased()
      // Space and tab around a value are not part of it (RFC 9110 §5.5).
      values[name, default: []].append(
        String(String(decoding: line.value, as: UTF8.self).trimmingOptionalWhitespace()))
    }
    for (name, lines) in values where lines.count > 1 && Self.singletons.contains(name) {
      throw Self.refusal("the header field \(name) is sent more than once")
    }
    let hosts = values["host"]?.count ?? 0
    if requiresHost, hosts != 1 {
      throw Self.refusal("an HTTP/1.1 request carries exactly one Host header field")
    }
    if let codings = values["transfer-encoding"] {
      if values["content-length"] != nil {
        throw Self.refusal("a request carries Content-Length or Transfer-Encoding, not both")
      }
      let list = codings.flatMap { $0.split(separator: ",") }.map {
        $0.trimmingOptionalWhitespace().lowercased()
      }
      guard list.last == "chunked" else {
        throw Self.refusal("the last transfer coding of a request must be chunked")
      }
      guard list == ["chunked"] else {
        throw HTTPError(
          HTTPStatus(501, "Not Implemented"), code: "not_implemented",
          "the only transfer coding accepted is chunked", headers: ["Connection": "close"])
      }
    }
    contentLength = try values["content-length"].map(Self.length)
    headers = values.mapValues { $0.joined(separator: ", ") }
  }

  /// The one length every `Content-Length` line states: identical repeats are accepted (RFC
  /// 9112 §6.3 allows it); a line that is not one decimal number (a list `2, 2` included) or
  /// lines that differ are not.
  private static func length(_ lines: [String]) throws(HTTPError) -> UInt64 {
    guard let first = lines.first, lines.allSatisfy({ $0 == first }), !first.isEmpty,
      first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else {
      throw unreadableLength
    }
    // More digits than UInt64 holds is still a valid, if absurd, length: too large, not wrong.
    return UInt64(first) ?? .max
  }

  /// The refusal of a `Content-Length` that is not one decimal number of bytes.
  static let unreadableLength = refusal("Content-Length is one decimal number of bytes")

  private static func refusal(_ message: String) -> HTTPError {
    HTTPError(.badRequest, code: "bad_request", message, headers: ["Connection": "close"])
  }

  /// `tchar` of RFC 9110 §5.6.2.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// `field-vchar`, space or tab (RFC 9110 §5.5): never NUL, CR, LF or another control.
  private static func isFieldValueByte(_ byte: UInt8) -> Bool {
    byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
  }
}
