import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal RFC 6455 WebSocket client over a POSIX socket: enough for the DevTools protocol
/// (text messages, fragmentation, ping/pong, close), with a receive timeout so a silent browser
/// fails a test instead of hanging it.
final class WebSocket {
  private let socket: Int32
  private var buffer: [UInt8] = []

  /// Connects to `ws://127.0.0.1:port/path` (DevTools listens on loopback only).
  init(url: String, timeoutSeconds: Int = 30) throws {
    guard let components = URLComponents(string: url), components.scheme == "ws",
      let host = components.host, let port = components.port
    else { throw BrowserError.connection("not a ws:// URL: \(url)") }
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    // Every property is set now, so a throw from here on runs `deinit`, which closes the socket.
    guard socket >= 0 else { throw BrowserError.connection("socket() failed: errno \(errno)") }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1
    else {
      throw BrowserError.connection("\(host) is not an IPv4 address")
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      throw BrowserError.connection("connect to \(host):\(port) failed: errno \(errno)")
    }
    let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    try write(
      Array(
        ("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\n"
          + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
          .utf8))
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    var headerEnd: Int?
    while headerEnd == nil {
      try fill()
      headerEnd = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4].elementsEqual(end) }
    }
    let length = (headerEnd ?? 0) + 4
    let header = String(decoding: buffer[..<length], as: UTF8.self)
    buffer.removeFirst(length)
    guard header.hasPrefix("HTTP/1.1 101") else {
      throw BrowserError.connection("the upgrade was refused: \(header.prefix(80))")
    }
  }

  deinit {
    close(socket)
  }

  /// Sends one text message (client frames are masked, as the protocol requires).
  func send(_ text: String) throws {
    try sendFrame(opcode: 0x1, payload: Array(text.utf8))
  }

  /// The next text message; answers pings on the way.
  func receive() throws -> String {
    var message: [UInt8] = []
    while true {
      let (fin, opcode, payload) = try readFrame()
      switch opcode {
      case 0x0, 0x1, 0x2:
        message += payload
        if fin { return String(decoding: message, as: UTF8.self) }
      case 0x8: throw BrowserError.connection("the browser closed the connection")
      case 0x9: try sendFrame(opcode: 0xA, payload: payload)
      default: continue
      }
    }
  }

  private func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
    var frame: [UInt8] = [0x80 | opcode]
    switch payload.count {
    case ..<126: frame.append(0x80 | UInt8(payload.count))
    case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try write(frame)
  }

  private func readFrame() throws -> (fin: Bool, opcode: UInt8, payload: [UInt8]) {
    let head = try take(2)
    var length = UInt64(head[1] & 0x7F)
    if length == 126 {
      length = try take(2).reduce(0) { $0 << 8 | UInt64($1) }
    } else if length == 127 {
      length = try take(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
    let mask = head[1] & 0x80 != 0 ? try take(4) : []
    var payload = try take(Int(length))
    if !mask.isEmpty {
      for index in payload.indices { payload[index] ^= mask[index % 4] }
    }
    return (head[0] & 0x80 != 0, head[0] & 0x0F, payload)
  }

  private func take(_ count: Int) throws -> [UInt8] {
    while buffer.count < count { try fill() }
    let bytes = Array(buffer[..<count])
    buffer.removeFirst(count)
    return bytes
  }

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      buffer += chunk[..<count]
    } else if count == 0 {
      throw BrowserError.connection("the browser closed the socket")
    } else if errno == EINTR {
      return
    } else {
      throw BrowserError.timedOut("a DevTools message (errno \(errno))")
    }
  }

  private func write(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw BrowserError.connection("send failed: errno \(errno)") }
      sent += count
    }
  }
}
