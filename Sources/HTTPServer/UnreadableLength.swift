import CMicroHTTPD
import Foundation

/// A `Content-Length` libmicrohttpd cannot read as a number (`-1`, `+5`, `0x10`, `2, 2`, digits
/// past 64 bits), which it refuses itself before the server sees the request, and which must be
/// one clean refusal and the connection's end (RFC 9112 §6.3: the framing is unrecoverable).
///
/// libmicrohttpd 0.9.75 gets that refusal wrong. `parse_connection_headers` queues its error
/// response and writes its header into the connection's buffer (`transmit_error_response_len`),
/// but its caller then sets the request's state to "headers processed" regardless, so the state
/// machine runs on to `START_REPLY` and `build_header_response` writes the status line and
/// header a second time: the client reads the second header block as the first one's body.
///
/// No callback runs between the header's arrival and that parse: the request-target callback
/// comes when the request line is complete (the header may still be arriving, or already in
/// libmicrohttpd's buffer, where no one else can read it), and a `MSG_PEEK` on accept sees
/// nothing of a kept-alive connection's next request, nor of one pipelined behind the first.
/// What does run, on the connection's own thread, is the log message libmicrohttpd writes just
/// before it queues the error (`announcesRefusal`). So the server's logger answers then: for
/// every connection of that thread whose header libmicrohttpd would refuse for its length
/// (`refusal(of:)`, libmicrohttpd's own rule read from its parsed fields), it writes one JSON
/// answer itself and shuts the connection down (`send(_:on:)`); libmicrohttpd's doubled bytes
/// then meet a closed socket, and it closes the connection. Any thread's connections are only
/// ever touched by that thread, so reading another of its connections' fields is safe, and a
/// connection answered that way is the one being refused or one whose header, once complete,
/// would be refused too (a length that is not a number is refused whatever follows it). A
/// kept-alive or pipelined request is parsed by the same code, so it is answered the same way.
enum UnreadableLength {
  /// The messages libmicrohttpd 0.9.75 logs just before refusing a length itself (it is built
  /// without translations, so these are its exact words).
  private static let announcements = [
    "Failed to parse `Content-Length' header. Closing connection.\n",
    "Too large value of 'Content-Length' header. Closing connection.\n",
  ]

  /// Whether libmicrohttpd's log message `format` says it is refusing a length.
  static func announcesRefusal(_ format: UnsafePointer<CChar>) -> Bool {
    announcements.contains(String(cString: format))
  }

  /// The answer for `connection` when libmicrohttpd will refuse its length: its rule is that,
  /// without `Transfer-Encoding`, the first `Content-Length` must be digits that fit 64 bits.
  /// Digits that do not fit are 413; anything else is 400.
  static func refusal(of connection: OpaquePointer, bodyLimit: Int) -> HTTPError? {
    let encoding = "Transfer-Encoding"
    guard
      MHD_lookup_connection_value_n(
        connection, .HEADER_KIND, encoding, encoding.utf8.count, nil, nil) == .NO
    else { return nil }
    let name = "Content-Length"
    var value: UnsafePointer<CChar>?
    var size = 0
    guard
      MHD_lookup_connection_value_n(
        connection, .HEADER_KIND, name, name.utf8.count, &value, &size) == .YES, let value
    else { return nil }
    let bytes = UnsafeRawBufferPointer(start: value, count: size)
    guard !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return ReceivedFields.unreadableLength
    }
    guard UInt64(String(decoding: bytes, as: UTF8.self)) == nil else { return nil }
    return .contentTooLarge(limit: bodyLimit)
  }

  /// Writes `response` (a refusal, with `Connection: close` among its fields) on `socket` as
  /// the connection's whole answer, then shuts the connection down. The socket has nothing else
  /// queued (its request is still being read), so a refusal of a few hundred bytes fits its
  /// buffer; should it not, the client sees the connection end, never a second answer.
  static func send(_ response: HTTPResponse, on socket: Int32) {
    var head = "HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    guard case .bytes(let body) = response.body else { return }
    head += "Date: \(httpDate())\r\nContent-Length: \(body.count)\r\n\r\n"
    let bytes = Data(head.utf8) + body
    _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(socket, Int32(SHUT_RDWR))
  }

  /// Now as an HTTP date (RFC 9110 §5.6.7), in English whatever the process's locale.
  private static func httpDate() -> String {
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
      + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
