import Foundation

/// A lock around a value whose waiters sleep at once, for state that every request takes on more
/// threads than there are cores.
///
/// `Synchronization.Mutex` on Linux spins up to 1,000 `pause` instructions before it sleeps on a
/// priority-inheritance futex: a good trade while the holder is running on another core, a
/// costly one when it was descheduled, which with a dozen busy threads on two cores is the
/// common case. Profiled under `scripts/bench-population`, a quarter of the server's CPU went to
/// that spinning on the served cache's lock. A plain pthread mutex (`NSLock`) puts a waiter to
/// sleep at once and hands the core to the holder.
///
/// `@unchecked Sendable`: `value` is read and written only while holding `lock`.
public final class SleepingMutex<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
