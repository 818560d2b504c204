import AccountModel
import Dispatch
import Synchronization

/// One subscriber of `FeedEvents`: its scope and what to call when that feed may have changed.
///
/// Calls are made on a serial queue of the subscription's own, one at a time and never
/// concurrently with themselves, and wakes that arrive while one is pending fold into it: a
/// burst of writes costs a slow subscriber one extra catch-up, not a queue of them. After
/// `cancel()` no new call starts (one already running finishes).
public final class FeedSubscription: Sendable {
  public let scope: OwnerScope
  let id: UInt64
  private let onChange: @Sendable () -> Void
  private let queue: DispatchQueue
  private let pending = Mutex(false)
  private let cancelled = Atomic(false)
  private let events: FeedEvents

  init(
    scope: OwnerScope, id: UInt64, events: FeedEvents, onChange: @escaping @Sendable () -> Void
  ) {
    self.scope = scope
    self.id = id
    self.events = events
    self.onChange = onChange
    self.queue = DispatchQueue(label: "accountfeed.subscription.\(id)")
  }

  /// Stops the calls; the subscriber is forgotten.
  public func cancel() {
    cancelled.store(true, ordering: .sequentiallyConsistent)
    events.remove(self)
  }

  /// Schedules a call unless one is already waiting to run.
  func wake() {
    guard !cancelled.load(ordering: .sequentiallyConsistent) else { return }
    let schedule = pending.withLock { pending in
      if pending { return false }
      pending = true
      return true
    }
    guard schedule else { return }
    queue.async { [self] in
      pending.withLock { $0 = false }
      if !cancelled.load(ordering: .sequentiallyConsistent) { onChange() }
    }
  }
}
