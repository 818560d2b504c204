import Foundation

/// Runs blocking `work` (a child process, a libpq call) on a thread of its own, so it never
/// holds one of the few threads Swift concurrency runs the client's tasks on.
func offPool<Result: Sendable>(
  _ work: @escaping @Sendable () throws -> Result
) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Swift.Result { try work() }) }
  }
}

/// Waits, polling, until `condition` holds; false when `seconds` pass first.
func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if try condition() { return true }
    usleep(20_000)
  }
  return try condition()
}
