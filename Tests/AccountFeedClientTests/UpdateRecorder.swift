import AccountFeedClient
import Foundation

/// Follows `client.updates()` in a task of its own and keeps every update, so a test can wait
/// (bounded) for what it expects and then stop the follower.
final class UpdateRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [FeedUpdate] = []
  private var failure: (any Error)?
  private var ended = false
  private var task: Task<Void, Never>?

  static func follow(_ client: FeedClient) -> UpdateRecorder {
    let recorder = UpdateRecorder()
    recorder.task = Task {
      do {
        for try await update in client.updates() {
          recorder.lock.withLock { recorder.received.append(update) }
        }
      } catch {
        recorder.lock.withLock { recorder.failure = error }
      }
      recorder.lock.withLock { recorder.ended = true }
    }
    return recorder
  }

  var updates: [FeedUpdate] { lock.withLock { received } }
  var error: (any Error)? { lock.withLock { failure } }
  var hasEnded: Bool { lock.withLock { ended } }

  /// Waits up to `seconds` for `condition` on the updates so far; throws, naming `what` and
  /// what did arrive, when it does not come. The time counted is this task's own polling, not
  /// the wall clock: in a whole test run, synchronous suites may hold every thread of the
  /// concurrency pool for minutes, and neither the follower nor this wait runs meanwhile.
  func wait(
    _ what: String, seconds: Double = 30, until condition: ([FeedUpdate]) -> Bool
  ) async throws {
    for _ in 0..<Int(seconds / 0.02) {
      if condition(updates) { return }
      if hasEnded { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    if condition(updates) { return }
    let seen = updates.map { "\($0.source.rawValue) \($0.document.digest.prefix(8))" }
    throw FixtureError(
      "\(what) did not happen; updates: \(seen), ended: \(hasEnded), error: \(String(describing: error))"
    )
  }

  /// Cancels the follower and waits until its task has ended.
  func stop() async {
    task?.cancel()
    await task?.value
  }
}
