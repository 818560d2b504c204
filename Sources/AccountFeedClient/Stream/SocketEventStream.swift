import Foundation

/// `GET` of an event stream over a `SocketConnection` (HTTP/1.1, `http://` only, chunked or
/// read-to-close bodies), read on a thread of its own and handed out as `StreamMessage`s.
///
/// It exists because FoundationNetworking's `URLSession` has no `bytes(for:)`: it hands a body
/// over only once the response is complete, and an event stream never is. Ending the returned
/// sequence (its consumer cancelled or gone) interrupts the socket; the thread then closes it
/// and ends, so a cancelled stream leaves no socket, descriptor or thread behind.
enum SocketEventStream {
  static func open(
    _ url: URL, headers: [String: String], idleTimeout: Double
  ) -> AsyncThrowingStream<StreamMessage, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: StreamMessage.self)
    let connection = SocketConnection()
    continuation.onTermination = { _ in connection.interrupt() }
    Thread.detachNewThread {
      do {
        try read(url, headers: headers, idleTimeout: idleTimeout, over: connection) {
          continuation.yield($0)
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
      connection.close()
    }
    return stream
  }

  private static func read(
    _ url: URL, headers: [String: String], idleTimeout: Double, over connection: SocketConnection,
    yield: (StreamMessage) -> Void
  ) throws(FeedClientError) {
    guard url.scheme == "http", let host = url.host else {
      throw .transport("the event stream reader speaks http:// only, not \(url.absoluteString)")
    }
    let port = url.port ?? 80
    try connection.connect(host: host, port: port, idleTimeout: idleTimeout)
    var request = "GET \(target(of: url)) HTTP/1.1\r\nHost: \(host):\(port)\r\n"
    request += "Accept: text/event-stream\r\nCache-Control: no-cache\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      request += "\(name): \(value)\r\n"
    }
    try connection.write(Array((request + "\r\n").utf8))

    var buffer: [UInt8] = []
    var received: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      try connection.read(into: &buffer)
      guard !buffer.isEmpty else { throw .transport("the server closed the connection") }
      received += buffer
      headEnd = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
      guard received.count <= 65_536 || headEnd != nil else {
        throw .invalidResponse("the response head is over 64 KiB")
      }
    }
    let head = try HTTPHead(String(decoding: received[..<headEnd!], as: UTF8.self))
    var body = BodyReader(headers: head.headers)
    var pending = try body.decode(received[headEnd!...])
    guard head.status == 200 else {
      while !body.isFinished, pending.count <= 65_536 {
        try connection.read(into: &buffer)
        if buffer.isEmpty { break }
        pending += try body.decode(buffer[...])
      }
      yield(.refused(HTTPExchange(status: head.status, headers: head.headers, body: Data(pending))))
      return
    }
    yield(.opened)
    var parser = ServerSentEventParser()
    while true {
      for event in parser.feed(pending) { yield(.event(event)) }
      if body.isFinished { return }
      try connection.read(into: &buffer)
      if buffer.isEmpty { return }
      pending = try body.decode(buffer[...])
    }
  }

  /// The request target: the path and query as the URL spells them.
  private static func target(of url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let path = components?.percentEncodedPath ?? ""
    let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
    return (path.isEmpty ? "/" : path) + query
  }
}
