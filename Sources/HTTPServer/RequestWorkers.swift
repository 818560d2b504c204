import Foundation

/// The threads that run route handlers which may block (database work), so libmicrohttpd's
/// network threads only read requests and write responses: a slow handler — a huge owner's
/// feed, a slow query — holds a worker, never a thread other connections are served by.
///
/// In front of the workers is one bounded queue, and each request is admitted or refused as it
/// is offered, so nothing waits without a bound:
/// - past `queueLimit` requests waiting, a request is refused at once (`Refusal.queueFull`;
///   the server answers 503 with `Retry-After`);
/// - each client — a key the front end derives from the request (`Router.fairnessKey`, the
///   phone API's bearer token) — has at most `perClientRunning` requests being worked at once;
///   its further requests wait in the queue without holding a worker, so one client's slow
///   requests never take every worker. Past `perClientQueued` of its own waiting it is refused
///   (`Refusal.clientQueueFull`; 429);
/// - a request waiting longer than `maxWait` is dropped (`dropExpired`; 503), so no client
///   hangs behind stuck workers.
///
/// A free worker takes the oldest waiting request whose client is under its share: arrival
/// order, except that a client at its share is passed over.
///
/// `@unchecked Sendable`: all mutable state is read and written only while holding `condition`.
final class RequestWorkers: @unchecked Sendable {
  /// Why a request was not, or will not be, run.
  enum Refusal: Sendable {
    case queueFull
    case clientQueueFull
    case waitedTooLong
    case stopped
  }

  struct Bounds: Sendable {
    var threads: Int
    var queueLimit: Int
    var perClientRunning: Int
    var perClientQueued: Int
    var maxWait: Duration
  }

  private struct Job {
    let client: String
    let offered: ContinuousClock.Instant
    let run: @Sendable () -> Void
    let drop: @Sendable (Refusal) -> Void
  }

  let bounds: Bounds
  private let condition = NSCondition()
  private var queue: [Job] = []
  private var queuedPerClient: [String: Int] = [:]
  private var runningPerClient: [String: Int] = [:]
  private var running = 0
  private var stopped = false

  /// Starts `bounds.threads` workers.
  init(_ bounds: Bounds) {
    self.bounds = bounds
    for number in 0..<max(1, bounds.threads) {
      let thread = Thread { [self] in work() }
      thread.name = "http-worker-\(number)"
      thread.start()
    }
  }

  /// Requests waiting for a worker.
  var waiting: Int { condition.withLock { queue.count } }

  /// Workers running a request now.
  var busy: Int { condition.withLock { running } }

  /// Offers a request of `client`: nil when it is queued — then either `run` is called on a
  /// worker or `drop` with the reason it never will be — else the reason it is refused now.
  func submit(
    client: String, run: @escaping @Sendable () -> Void,
    drop: @escaping @Sendable (Refusal) -> Void
  ) -> Refusal? {
    condition.withLock {
      if stopped { return .stopped }
      if queue.count >= bounds.queueLimit { return .queueFull }
      if queuedPerClient[client, default: 0] >= bounds.perClientQueued { return .clientQueueFull }
      queue.append(Job(client: client, offered: .now, run: run, drop: drop))
      queuedPerClient[client, default: 0] += 1
      condition.signal()
      return nil
    }
  }

  /// Drops the requests that have waited longer than `bounds.maxWait` (each told
  /// `.waitedTooLong`); returns how many.
  func dropExpired(now: ContinuousClock.Instant = .now) -> Int {
    let expired = condition.withLock {
      let (late, kept) = queue.partitioned { now - $0.offered > bounds.maxWait }
      queue = kept
      for job in late { forgetQueued(job.client) }
      return late
    }
    for job in expired { job.drop(.waitedTooLong) }
    return expired.count
  }

  /// Drops every waiting request (told `.stopped`) and refuses new ones; each worker ends once
  /// the request it runs returns. Requests running are not interrupted.
  func stop() {
    let dropped = condition.withLock {
      stopped = true
      defer {
        queue = []
        queuedPerClient = [:]
      }
      condition.broadcast()
      return queue
    }
    for job in dropped { job.drop(.stopped) }
  }

  private func work() {
    condition.lock()
    while true {
      guard let index = queue.firstIndex(where: isUnderShare) else {
        if stopped { break }
        condition.wait()
        continue
      }
      let job = queue.remove(at: index)
      forgetQueued(job.client)
      runningPerClient[job.client, default: 0] += 1
      running += 1
      condition.unlock()
      job.run()
      condition.lock()
      running -= 1
      let remaining = runningPerClient[job.client, default: 1] - 1
      runningPerClient[job.client] = remaining > 0 ? remaining : nil
    }
    condition.unlock()
  }

  private func isUnderShare(_ job: Job) -> Bool {
    runningPerClient[job.client, default: 0] < bounds.perClientRunning
  }

  private func forgetQueued(_ client: String) {
    let remaining = queuedPerClient[client, default: 1] - 1
    queuedPerClient[client] = remaining > 0 ? remaining : nil
  }
}

extension Array {
  /// The elements that satisfy `belongs`, and the others, each in their order.
  fileprivate func partitioned(by belongs: (Element) -> Bool) -> ([Element], [Element]) {
    var matching: [Element] = []
    var rest: [Element] = []
    for element in self {
      if belongs(element) { matching.append(element) } else { rest.append(element) }
    }
    return (matching, rest)
  }
}
