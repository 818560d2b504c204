import Foundation
import PostgresTestSupport

/// An empty `TestDatabase` (the fixture migrates it with `feedctl migrate`) kept open across an
/// async test: `TestDatabase.with` runs on a thread that waits until `release()`, so the
/// database is dropped by its own `with`, as every suite's is.
final class HeldDatabase: Sendable {
  let database: TestDatabase
  private let released = DispatchSemaphore(value: 0)
  private let dropped = DispatchSemaphore(value: 0)

  private init(database: TestDatabase) {
    self.database = database
  }

  static func open() async throws -> HeldDatabase {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        var opened: HeldDatabase?
        do {
          try TestDatabase.with(.empty) { database in
            let held = HeldDatabase(database: database)
            opened = held
            continuation.resume(returning: held)
            held.released.wait()
          }
        } catch {
          if opened == nil { continuation.resume(throwing: error) }
        }
        opened?.dropped.signal()
      }
    }
  }

  /// Lets `with` drop the database, and waits until it has.
  func release() async {
    released.signal()
    _ = try? await offPool { [dropped] in dropped.wait() }
  }
}
