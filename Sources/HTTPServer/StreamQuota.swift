import Synchronization

/// At most `limit` open streams per key (an owner): one client cannot hold the server's
/// connections, and the next stream past the limit is 429.
public final class StreamQuota: Sendable {
  public let limit: Int
  private let open = Mutex<[String: Int]>([:])

  public init(limit: Int) {
    self.limit = limit
  }

  /// Counts a stream for `key`, or refuses it when `key` has `limit` open.
  public func acquire(_ key: String) throws(HTTPError) {
    let granted = open.withLock { open in
      guard open[key, default: 0] < limit else { return false }
      open[key, default: 0] += 1
      return true
    }
    guard granted else {
      throw HTTPError(
        .tooManyRequests, code: "too_many_streams",
        "at most \(limit) event streams may be open per owner; close one first",
        headers: ["Retry-After": "5"])
    }
  }

  /// Forgets one of `key`'s streams.
  public func release(_ key: String) {
    open.withLock { open in
      open[key, default: 1] -= 1
      if open[key] == 0 { open[key] = nil }
    }
  }
}
