import Foundation

/// One open `/v1/feed/events` response read as raw bytes: enough to see an event arrive.
final class EventStreamConnection {
  private let socket: Int32
  private var received = ""

  init(port: Int, token: String) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw HTTPBenchmarkError("cannot connect to 127.0.0.1:\(port)") }
    let request = Array(
      "GET /v1/feed/events HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8)
    guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
      throw HTTPBenchmarkError("cannot send to 127.0.0.1:\(port)")
    }
  }

  deinit { close(socket) }

  /// Reads until `marker` has arrived, and forgets what came before it.
  func waitFor(_ marker: String) throws {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while received.range(of: marker) == nil {
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { throw HTTPBenchmarkError("an event stream ended or stalled") }
      received += String(decoding: buffer[0..<count], as: UTF8.self)
    }
    received = String(received[received.range(of: marker)!.upperBound...])
  }
}
