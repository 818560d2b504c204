import Foundation

/// Many `/v1/feed/events` responses read by one thread through poll(2): 20,000 open streams
/// cost 20,000 sockets, not 20,000 threads (Swift's Glibc module has no epoll; a poll over 20,000
/// descriptors costs about a millisecond, and a wait for one stream polls that stream alone). Each stream only counts the `feed` and `changeset`
/// events that arrive on it; everything else it reads is dropped.
///
/// A stream connects from its own loopback address (`127.0.0.2` and up, `perAddress` streams
/// each, bound before connecting), so the server's per-address connection limit sees many
/// clients instead of refusing one that holds them all.
final class EventStreamSet {
  /// Where a stream is: connecting, open (its status line read), or over.
  enum Phase {
    case connecting, waitingForStatus, open
    case refused(Int)
    case failed(String)
  }

  struct Stream {
    let socket: Int32
    let token: String
    var phase = Phase.connecting
    var feeds = 0
    var changesets = 0
    /// The end of what was read last, so that a marker split across two reads is still found.
    var carry: [UInt8] = []
  }

  private(set) var streams: [Stream] = []
  private var descriptors: [pollfd] = []
  private let port: Int
  private let perAddress: Int
  private static let feedMarker = Array("event: feed\n".utf8)
  private static let changesetMarker = Array("event: changeset\n".utf8)

  init(port: Int, perAddress: Int) throws {
    self.port = port
    self.perAddress = perAddress
  }

  deinit {
    for descriptor in descriptors where descriptor.fd >= 0 { close(descriptor.fd) }
  }

  /// Starts connecting one more stream with `token`; its number is its index in `streams`.
  @discardableResult
  func connect(token: String) throws -> Int {
    let index = streams.count
    let socket = Glibc.socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard socket >= 0 else { throw HTTPBenchmarkError("socket() failed: errno \(errno)") }
    var source = Self.address(host: 2 + index / perAddress, port: 0)
    var destination = Self.address(host: 1, port: port)
    let bound = withUnsafePointer(to: &source) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      close(socket)
      throw HTTPBenchmarkError(
        "cannot bind a stream to 127.0.0.\(2 + index / perAddress): errno \(errno)")
    }
    let connected = withUnsafePointer(to: &destination) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var stream = Stream(socket: socket, token: token)
    if connected != 0 && errno != EINPROGRESS {
      stream.phase = .failed("connect: errno \(errno)")
    }
    streams.append(stream)
    descriptors.append(pollfd(fd: socket, events: Int16(POLLOUT), revents: 0))
    if case .failed = stream.phase { end(index, stream.phase) }
    return index
  }

  /// Handles what is ready within `milliseconds`: finishes connections, reads events.
  func poll(milliseconds: Int32) {
    guard Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
    for index in descriptors.indices where descriptors[index].revents != 0 {
      descriptors[index].revents = 0
      handle(index)
    }
  }

  /// Waits up to `deadline` for stream `index` alone until `done` holds: one descriptor polled
  /// instead of all, so the wait is timed to the event (`poll(milliseconds: 0)` reads the others
  /// afterwards).
  func wait(
    for index: Int, until deadline: ContinuousClock.Instant, _ done: () -> Bool
  ) -> Bool {
    while !done() {
      let left = deadline - ContinuousClock.now
      guard left > .zero, descriptors[index].fd >= 0 else { return false }
      var one = descriptors[index]
      if Glibc.poll(&one, 1, Int32(min(100, max(1, left.components.seconds * 1000 + 1)))) > 0 {
        handle(index)
      }
    }
    return true
  }

  private func handle(_ index: Int) {
    switch streams[index].phase {
    case .connecting: finishConnecting(index)
    case .waitingForStatus, .open: read(index)
    case .refused, .failed: return
    }
  }

  private func finishConnecting(_ index: Int) {
    let socket = streams[index].socket
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
    guard error == 0 else { return end(index, .failed("connect: errno \(error)")) }
    let request = Array(
      "GET /v1/feed/events HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer \(streams[index].token)\r\n\r\n"
        .utf8)
    guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
      return end(index, .failed("send: errno \(errno)"))
    }
    streams[index].phase = .waitingForStatus
    descriptors[index].events = Int16(POLLIN)
  }

  private func read(_ index: Int) {
    var buffer = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = recv(streams[index].socket, &buffer, buffer.count, 0)
      if count == 0 { return end(index, .failed("the server closed the stream")) }
      if count < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK { return }
        return end(index, .failed("recv: errno \(errno)"))
      }
      let carried = streams[index].carry.count
      let bytes = streams[index].carry + buffer[0..<count]
      if case .waitingForStatus = streams[index].phase {
        let status = Self.status(of: bytes)
        guard status == 200 else { return end(index, .refused(status)) }
        streams[index].phase = .open
      }
      streams[index].feeds += Self.occurrences(of: Self.feedMarker, in: bytes, after: carried)
      streams[index].changesets += Self.occurrences(
        of: Self.changesetMarker, in: bytes, after: carried)
      streams[index].carry = Array(bytes.suffix(Self.changesetMarker.count - 1))
    }
  }

  private func end(_ index: Int, _ phase: Phase) {
    streams[index].phase = phase
    close(descriptors[index].fd)
    descriptors[index].fd = -1
  }

  /// The status code of `HTTP/1.1 NNN …`, or 0 when the bytes are not a status line.
  private static func status(of bytes: [UInt8]) -> Int {
    guard bytes.count >= 12, bytes.starts(with: Array("HTTP/1.".utf8)) else { return 0 }
    return Int(String(decoding: bytes[9..<12], as: UTF8.self)) ?? 0
  }

  /// How many times `marker` ends past the first `carried` bytes (those that end inside them
  /// were counted by the read before).
  private static func occurrences(of marker: [UInt8], in bytes: [UInt8], after carried: Int)
    -> Int
  {
    var found = 0
    var start = max(0, carried - marker.count + 1)
    while start + marker.count <= bytes.count {
      if bytes[start] == marker[0], bytes[start..<start + marker.count].elementsEqual(marker) {
        found += 1
        start += marker.count
      } else {
        start += 1
      }
    }
    return found
  }

  /// `127.0.0.host:port`.
  private static func address(host: Int, port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = UInt32(127 << 24 | host).bigEndian
    return address
  }
}
