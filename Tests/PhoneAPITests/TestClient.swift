import Foundation
import Testing

/// A response as the test client read it off the socket.
struct TestResponse {
  let status: Int
  /// Header fields keyed by lower-cased name.
  let headers: [String: String]
  let body: Data

  var text: String { String(decoding: body, as: UTF8.self) }

  /// The `{"error": {"code", "message"}}` body's code.
  var errorCode: String? {
    let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    return (object?["error"] as? [String: Any])?["code"] as? String
  }

  var json: [String: Any]? {
    try? JSONSerialization.jsonObject(with: body) as? [String: Any]
  }
}

/// A plain TCP connection to the server under test: what a phone's HTTP stack does, written
/// over POSIX sockets so the tests see exactly the bytes on the wire.
final class TestConnection {
  let socket: Int32
  let port: Int
  private var buffer: [UInt8] = []

  /// - Parameters:
  ///   - source: the loopback address to connect from (`127.0.0.2` is another client address
  ///     to the server); the system's choice when nil.
  ///   - receiveBufferBytes: a small receive buffer (set before connecting, so the window the
  ///     server sees is small too) for a client that reads little; the system's when nil.
  init(
    port: Int, timeoutSeconds: Int = 10, from source: String? = nil,
    receiveBufferBytes: Int? = nil
  ) throws {
    self.port = port
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if var bytes = receiveBufferBytes.map(Int32.init) {
      setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
    }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw TestClientError.cannotConnect(port) }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    // No close here: every property is set, so a throw still runs deinit, which closes the
    // socket. Closing it twice closed whatever socket another test had been given the same
    // descriptor number meanwhile (kept-alive connections of concurrent tests broke).
    guard connected == 0 else { throw TestClientError.cannotConnect(port) }
  }

  deinit { close(socket) }

  /// Closes both directions now, as a phone that goes away does.
  func shutdown() {
    Glibc.shutdown(socket, Int32(SHUT_RDWR))
  }

  /// Writes raw bytes (a request, or part of one).
  func write(_ text: String) throws {
    try write(Data(text.utf8))
  }

  func write(_ data: Data) throws {
    var remaining = data[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { throw TestClientError.closed }
      remaining = remaining.dropFirst(written)
    }
  }

  /// Reads more bytes into the buffer; false when the peer closed or the read timed out.
  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16384)
    let count = recv(socket, &chunk, chunk.count, 0)
    guard count > 0 else { return false }
    buffer.append(contentsOf: chunk[0..<count])
    return true
  }

  /// Writes `raw` as it is (a request framed by hand, however malformed) and reads the one
  /// response, without holding it to the contract: what the server answers bytes no client
  /// library would send.
  func answer(to raw: String) throws -> TestResponse {
    try write(raw)
    return try readResponse()
  }

  /// Whether the server closed the connection (a read returns end of file).
  func isClosedByServer() -> Bool {
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, 0) == 0
  }

  /// Every byte the server sends until it closes the connection (or the read times out, which
  /// throws): what a client that trusts no framing sees.
  func readToEnd() throws -> [UInt8] {
    while true {
      var chunk = [UInt8](repeating: 0, count: 16384)
      let count = recv(socket, &chunk, chunk.count, 0)
      if count == 0 { break }
      guard count > 0 else { throw TestClientError.closed }
      buffer.append(contentsOf: chunk[0..<count])
    }
    defer { buffer.removeAll() }
    return buffer
  }

  /// The responses `bytes` hold one after another (each framed by its `Content-Length`), all of
  /// them: bytes left over that do not make a whole response are an error.
  static func responses(in bytes: [UInt8]) throws -> [TestResponse] {
    var rest = bytes[...]
    var responses: [TestResponse] = []
    while !rest.isEmpty {
      guard let end = rest.indices.first(where: { rest[$0...].starts(with: [13, 10, 13, 10]) })
      else { throw TestClientError.malformed(String(decoding: rest, as: UTF8.self)) }
      let lines = String(decoding: rest[..<end], as: UTF8.self).components(separatedBy: "\r\n")
      let parts = lines[0].split(separator: " ")
      guard parts.count >= 2, let status = Int(parts[1]) else {
        throw TestClientError.malformed(lines[0])
      }
      var headers: [String: String] = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformed(line) }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
      let length = headers["content-length"].flatMap(Int.init) ?? 0
      guard rest.endIndex - (end + 4) >= length else {
        throw TestClientError.malformed(String(decoding: rest, as: UTF8.self))
      }
      responses.append(
        TestResponse(
          status: status, headers: headers, body: Data(rest[(end + 4)...].prefix(length))))
      rest = rest[(end + 4 + length)...]
    }
    return responses
  }

  private func readLine() throws -> String {
    while true {
      if let index = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<index], as: UTF8.self)
        buffer.removeSubrange(...index)
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
      }
      guard fill() else { throw TestClientError.closed }
    }
  }

  private func read(count: Int) throws -> [UInt8] {
    while buffer.count < count {
      guard fill() else { throw TestClientError.closed }
    }
    defer { buffer.removeSubrange(..<count) }
    return Array(buffer[..<count])
  }

  /// Reads a status line and header fields.
  func readHead() throws -> (status: Int, headers: [String: String]) {
    let statusLine = try readLine()
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else {
      throw TestClientError.malformed(statusLine)
    }
    var headers: [String: String] = [:]
    while true {
      let line = try readLine()
      if line.isEmpty { break }
      guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformed(line) }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
  }

  /// Reads one whole response (a `HEAD` request's or a 304's has no body).
  func readResponse(method: String = "GET") throws -> TestResponse {
    let (status, headers) = try readHead()
    if method == "HEAD" || status == 304 || status == 204 {
      return TestResponse(status: status, headers: headers, body: Data())
    }
    if let length = headers["content-length"].flatMap(Int.init) {
      return TestResponse(status: status, headers: headers, body: Data(try read(count: length)))
    }
    var body: [UInt8] = []
    while let chunk = try readChunk() { body += chunk }
    return TestResponse(status: status, headers: headers, body: Data(body))
  }

  /// One chunk of a chunked body; nil at the last (empty) chunk.
  func readChunk() throws -> [UInt8]? {
    let sizeLine = try readLine()
    guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
      throw TestClientError.malformed(sizeLine)
    }
    if size == 0 {
      _ = try readLine()
      return nil
    }
    let data = try read(count: size)
    _ = try readLine()
    return data
  }

  /// Sends a request and reads its response on this (kept-alive) connection; a phone API's
  /// response is held to the contract (`ContractCheck`).
  func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
  ) throws -> TestResponse {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Length: \(body.count)\r\n" }
    try write(head + "\r\n")
    if let body { try write(body) }
    let response = try readResponse(method: method)
    ContractCheck.check(method, path, port: port, response)
    return response
  }
}

enum TestClientError: Error, CustomStringConvertible {
  case cannotConnect(Int)
  case closed
  case malformed(String)

  var description: String {
    switch self {
    case .cannotConnect(let port): "cannot connect to 127.0.0.1:\(port)"
    case .closed: "the server closed the connection or did not answer in time"
    case .malformed(let line): "malformed response line: \(line)"
    }
  }
}

/// One request on a fresh connection.
func httpRequest(
  port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
) throws -> TestResponse {
  try TestConnection(port: port).request(method, path, headers: headers, body: body)
}
