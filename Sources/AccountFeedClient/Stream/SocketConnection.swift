import Foundation

#if canImport(Glibc)
  import Glibc

  private func systemConnect(
    _ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
  ) -> Int32 { Glibc.connect(socket, address, length) }
  private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
  import Darwin

  private func systemConnect(
    _ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
  ) -> Int32 { Darwin.connect(socket, address, length) }
  private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif

/// A plain TCP connection with blocking reads and writes, used by one thread, that any other
/// thread may `interrupt()`: the socket is shut down, so a read blocked on it returns at once.
/// Only the reading thread closes it, so its descriptor is never reused under a blocked call.
final class SocketConnection: @unchecked Sendable {
  private let lock = NSLock()
  private var descriptor: Int32 = -1
  private var interrupted = false

  /// Connects to `host:port`; reads that wait `idleTimeout` seconds for a byte fail.
  func connect(host: String, port: Int, idleTimeout: Double) throws(FeedClientError) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      throw .transport("cannot resolve \(host)")
    }
    defer { freeaddrinfo(first) }
    var lastError = ECONNREFUSED
    var address: UnsafeMutablePointer<addrinfo>? = first
    while let candidate = address {
      address = candidate.pointee.ai_next
      let socket = socket(
        candidate.pointee.ai_family, candidate.pointee.ai_socktype, candidate.pointee.ai_protocol)
      guard socket >= 0 else {
        lastError = errno
        continue
      }
      _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
      var timeout = timeval(
        tv_sec: .init(idleTimeout), tv_usec: .init((idleTimeout - Double(Int(idleTimeout))) * 1e6))
      setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      guard adopt(socket) else { throw .transport("cancelled") }
      if systemConnect(socket, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 {
        return
      }
      lastError = errno
      close()
    }
    throw .transport("cannot connect to \(host):\(port): \(String(cString: strerror(lastError)))")
  }

  /// Writes all of `bytes`.
  func write(_ bytes: [UInt8]) throws(FeedClientError) {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes[offset...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, flags)
      }
      guard sent > 0 else { throw failure("sending") }
      offset += sent
    }
  }

  /// Reads what is available into `buffer` (replacing it); an empty result is the end.
  func read(into buffer: inout [UInt8]) throws(FeedClientError) {
    buffer.removeAll(keepingCapacity: true)
    var chunk = [UInt8](repeating: 0, count: 16_384)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    guard count >= 0 else { throw failure("reading") }
    buffer.append(contentsOf: chunk[..<count])
  }

  /// Wakes a blocked read or write and makes the next connect fail; safe from any thread.
  func interrupt() {
    lock.lock()
    defer { lock.unlock() }
    interrupted = true
    if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
  }

  /// Closes the socket; called by the thread that uses it, once it is done.
  func close() {
    lock.lock()
    defer { lock.unlock() }
    if descriptor >= 0 { _ = systemClose(descriptor) }
    descriptor = -1
  }

  /// Keeps `socket` unless the connection was interrupted meanwhile (then closes it).
  private func adopt(_ socket: Int32) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !interrupted else {
      _ = systemClose(socket)
      return false
    }
    descriptor = socket
    return true
  }

  private func failure(_ what: String) -> FeedClientError {
    let code = errno
    lock.lock()
    defer { lock.unlock() }
    if interrupted { return .transport("cancelled") }
    if code == EAGAIN || code == EWOULDBLOCK { return .transport("no bytes for too long \(what)") }
    return .transport("\(what) failed: \(String(cString: strerror(code)))")
  }
}
