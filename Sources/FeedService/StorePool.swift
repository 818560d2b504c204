import AccountStore
import Foundation
import Postgres

/// A bounded set of stores, each with its own connection, lent to one use case at a time.
///
/// libpq connections serve one statement at a time; a server thread pool sharing a single
/// connection would queue every request behind the slowest. The pool opens connections as
/// needed up to `options.connections`, lends an idle one first, and makes a caller wait at most
/// `options.waitLimit` when all are lent. A connection whose use failed because the session
/// ended is closed rather than lent again, and one idle for long is checked before it is lent,
/// so a database restart costs the callers in flight, not the ones after.
///
/// `@unchecked Sendable`: all mutable state is read and written only while holding `condition`.
final class StorePool: @unchecked Sendable {
  let options: ConnectionPoolOptions
  private let open: @Sendable () throws -> AccountStore
  private let condition = NSCondition()
  private var idle: [(store: AccountStore, since: ContinuousClock.Instant)] = []
  /// Stores in existence: idle plus lent (plus those being opened).
  private var opened = 0

  init(options: ConnectionPoolOptions, open: @escaping @Sendable () throws -> AccountStore) {
    self.options = options
    self.open = open
  }

  /// Runs `body` with a store no other caller of the pool holds meanwhile.
  func withStore<Result>(_ body: (AccountStore) throws -> Result) throws -> Result {
    try lending(try checkOut(until: .now + options.waitLimit), to: body)
  }

  /// Runs `body` with a second store when one is free at once — idle, or one more under the
  /// bound — and with nil otherwise, never waiting: for a use case that goes faster on a second
  /// connection but does not need one (`snapshot --all`). It counts against the bound like any
  /// other, so the pool's limit holds whatever the use case.
  func withSpareStore<Result>(_ body: (AccountStore?) throws -> Result) throws -> Result {
    guard let store = try? checkOut(until: .now) else { return try body(nil) }
    return try lending(store, to: body)
  }

  private func lending<Result>(
    _ store: AccountStore, to body: (AccountStore) throws -> Result
  ) throws -> Result {
    let result: Result
    do {
      result = try body(store)
    } catch {
      checkIn(store, broken: Self.endsTheSession(error))
      throw error
    }
    checkIn(store, broken: false)
    return result
  }

  /// A store of its own, outside the pool and its bound, for a caller that keeps a connection
  /// for good (the one `LISTEN` connection of `FeedEvents`).
  func openUnpooled() throws -> AccountStore {
    try open()
  }

  /// How many connections are open and how many of them are lent now, for a metrics page.
  var usage: (open: Int, lent: Int) {
    condition.withLock { (opened, opened - idle.count) }
  }

  private enum Reservation {
    case idle(AccountStore, since: ContinuousClock.Instant)
    case new
  }

  private func checkOut(until deadline: ContinuousClock.Instant) throws -> AccountStore {
    while true {
      switch try reserve(until: deadline) {
      case .idle(let store, let since):
        if since.duration(to: .now) < options.checkIdleAfter || store.isHealthy {
          return store
        }
        checkIn(store, broken: true)
      case .new:
        do {
          return try open()
        } catch {
          condition.withLock {
            opened -= 1
            condition.signal()
          }
          throw error
        }
      }
    }
  }

  private func reserve(until deadline: ContinuousClock.Instant) throws -> Reservation {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let last = idle.popLast() { return .idle(last.store, since: last.since) }
      if opened < options.connections {
        opened += 1
        return .new
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else {
        let which =
          options.connections == 1
          ? "the database connection was" : "all \(options.connections) database connections were"
        throw FeedServiceError.unavailable("\(which) busy for \(options.waitLimit); try again")
      }
      let (seconds, attoseconds) = remaining.components
      _ = condition.wait(
        until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
    }
  }

  private func checkIn(_ store: AccountStore, broken: Bool) {
    condition.withLock {
      if broken {
        opened -= 1
      } else {
        idle.append((store, .now))
      }
      condition.signal()
    }
  }

  private static func endsTheSession(_ error: any Error) -> Bool {
    switch error {
    case let error as PostgresError: error.endsTheSession
    case let error as AccountStoreError:
      if case .database(let underlying) = error.reason { underlying.endsTheSession } else { false }
    default: false
    }
  }
}
