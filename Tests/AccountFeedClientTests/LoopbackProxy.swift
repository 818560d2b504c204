import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP proxy on loopback in front of the server that can misbehave once: alter the first
/// changeset event it relays, or swallow the first answer to an action. It records what clients
/// sent, so a test can see the headers of each attempt.
final class LoopbackProxy: @unchecked Sendable {
  enum Fault {
    /// Replaces the target digest of the first changeset event (its `id:` and its `target`) with
    /// another of the same length: a changeset a client can read but that lands elsewhere.
    case tamperFirstChangeset
    /// Lets the first `POST /v1/actions` reach the server, then cuts the connection before its
    /// answer reaches the client.
    case dropFirstActionResponse
  }

  let port: Int
  private let upstreamPort: Int
  private let fault: Fault
  private let listener: Int32
  private let lock = NSLock()
  private var sockets: Set<Int32> = []
  private var faultDone = false
  private var sent = ""

  init(upstreamPort: Int, fault: Fault) throws {
    self.upstreamPort = upstreamPort
    self.fault = fault
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else { throw FixtureError("proxy: cannot listen") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Whether the fault has been done.
  var didFault: Bool { lock.withLock { faultDone } }

  /// Everything clients sent, as text.
  var clientText: String { lock.withLock { sent } }

  /// Closes the listener and every relayed connection.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    lock.withLock {
      for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }
  }

  deinit {
    stop()
    close(listener)
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = Self.loopback(port: UInt16(upstreamPort))
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else {
        close(client)
        close(server)
        continue
      }
      lock.withLock {
        sockets.insert(client)
        sockets.insert(server)
      }
      let swallow = SwallowFlag()
      Thread.detachNewThread { [self] in relay(from: client, to: server, upstream: true, swallow) }
      Thread.detachNewThread { [self] in relay(from: server, to: client, upstream: false, swallow) }
    }
  }

  /// Copies bytes one way until either side closes, applying the fault on the way.
  private func relay(from source: Int32, to target: Int32, upstream: Bool, _ swallow: SwallowFlag) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      var bytes = Array(buffer[..<count])
      if upstream {
        let text = String(decoding: bytes, as: UTF8.self)
        lock.withLock { sent += text }
        if fault == .dropFirstActionResponse, text.contains("POST /v1/actions"), claimFault() {
          swallow.set()
        }
      } else if swallow.isSet {
        break
      } else if fault == .tamperFirstChangeset {
        bytes = tampered(bytes)
      }
      let written = bytes.withUnsafeBytes {
        send(target, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written == bytes.count else { break }
    }
    shutdown(source, Int32(SHUT_RDWR))
    shutdown(target, Int32(SHUT_RDWR))
    lock.withLock {
      if sockets.remove(source) != nil { close(source) }
    }
  }

  /// `bytes` with the first changeset event's target digest replaced, everywhere it appears.
  private func tampered(_ bytes: [UInt8]) -> [UInt8] {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains("event: changeset"), let key = text.range(of: "\"target\":\"") else {
      return bytes
    }
    let digest = String(text[key.upperBound...].prefix(64))
    guard digest.count == 64, claimFault() else { return bytes }
    let altered = (digest.first == "0" ? "1" : "0") + digest.dropFirst()
    return Array(text.replacingOccurrences(of: digest, with: altered).utf8)
  }

  private func claimFault() -> Bool {
    lock.withLock {
      defer { faultDone = true }
      return !faultDone
    }
  }
}

/// Set once the answers on a connection are to be swallowed.
final class SwallowFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}
