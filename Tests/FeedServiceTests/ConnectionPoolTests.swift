import AccountFeedTestSupport
import AccountModel
import AccountStore
import Foundation
import Postgres
import PostgresTestSupport
import Synchronization
import Testing

@testable import FeedService

/// The service's pool: bounded, never lends one connection twice at once, waits a bounded time,
/// and replaces a connection the server dropped.
@Suite struct ConnectionPoolTests {
  /// A service whose pool opens real connections to a fresh, migrated, seeded database.
  static func withPooledService<Result>(
    _ options: ConnectionPoolOptions,
    _ body: (FeedService, PostgresConnection) throws -> Result
  ) throws -> Result {
    try TestDatabase.with(.migrated) { database in
      let admin = try database.connect()
      let service = FeedService(pool: options) {
        AccountStore(connection: try database.connect())
      }
      try seedTwoOwners(service)
      return try body(service, admin)
    }
  }

  /// The backends of the pool's connections (every one but `admin`'s).
  static func poolBackends(_ admin: PostgresConnection) throws -> [Int32] {
    try admin.query(
      """
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
      """
    ).map { try $0.decode("pid", as: Int32.self) }
  }

  @Test func callersAtOnceHoldDistinctConnectionsUpToTheBound() throws {
    try Self.withPooledService(ConnectionPoolOptions(connections: 3)) { service, _ throws in
      let held = Mutex<[ObjectIdentifier]>([])
      let arrived = DispatchGroup()
      let release = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for _ in 0..<3 {
        arrived.enter()
        done.enter()
        Thread.detachNewThread {
          _ = try? service.withStore { store in
            held.withLock { $0.append(ObjectIdentifier(store)) }
            arrived.leave()
            release.wait()
          }
          done.leave()
        }
      }
      arrived.wait()
      #expect(Set(held.withLock { $0 }).count == 3)
      #expect(service.connectionUsage == (open: 3, inUse: 3))
      for _ in 0..<3 { release.signal() }
      done.wait()
      #expect(service.connectionUsage == (open: 3, inUse: 0))
    }
  }

  @Test func manyThreadsServingAndActingAtOnceAllSucceed() throws {
    try Self.withPooledService(ConnectionPoolOptions(connections: 3)) { service, _ throws in
      let secret = try service.createToken(owner: "carol", label: nil, in: .anyOwner).secret
      let failures = Mutex<[String]>([])
      let done = DispatchGroup()
      for thread in 0..<8 {
        done.enter()
        Thread.detachNewThread {
          defer { done.leave() }
          do {
            for round in 0..<10 {
              let scope = try service.authenticate(bearer: secret)
              let document = try service.servedDocument(in: scope)
              _ = try service.changes(since: document.digest, in: scope)
              if (thread + round) % 5 == 0 {
                try service.apply(
                  [.addNotice(ownerID: "carol", NewNotice(message: "t\(thread) r\(round)"))],
                  in: scope, reason: "load")
              }
            }
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
      done.wait()
      #expect(failures.withLock { $0 } == [])
      #expect(service.connectionUsage.open <= 3)
      #expect(try service.feedRows(owner: "carol").notices.count == 1 + 16)
    }
  }

  @Test func aCallerWaitsNoLongerThanTheLimitWhenEveryConnectionIsLent() throws {
    try Self.withPooledService(
      ConnectionPoolOptions(connections: 1, waitLimit: .milliseconds(200))
    ) { service, _ throws in
      let lent = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = try? service.withStore { _ in
          lent.signal()
          release.wait()
        }
        done.signal()
      }
      lent.wait()
      let started = ContinuousClock.now
      let error = #expect(throws: FeedServiceError.self) {
        try service.servedDocument(in: .owner("demo"))
      }
      let waited = started.duration(to: .now)
      release.signal()
      done.wait()
      #expect(waited >= .milliseconds(200) && waited < .seconds(2), "\(waited)")
      #expect(
        error == .unavailable("the database connection was busy for 0.2 seconds; try again"))
    }
  }

  @Test func aWaitingCallerGetsTheConnectionWhenItIsReturned() throws {
    try Self.withPooledService(ConnectionPoolOptions(connections: 1, waitLimit: .seconds(10))) {
      service, _ throws in
      let lent = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = try? service.withStore { _ in
          lent.signal()
          Thread.sleep(forTimeInterval: 0.2)
        }
        done.signal()
      }
      lent.wait()
      #expect(try service.servedDocument(in: .owner("demo")).owner == "demo")
      done.wait()
    }
  }

  @Test func anIdleConnectionTheServerDroppedIsReplacedUnseen() throws {
    try Self.withPooledService(ConnectionPoolOptions(connections: 1, checkIdleAfter: .zero)) {
      service, admin throws in
      for pid in try Self.poolBackends(admin) {
        try admin.execute("SELECT pg_terminate_backend(\(pid), 5000)")
      }
      #expect(try service.servedDocument(in: .owner("demo")).owner == "demo")
    }
  }

  @Test func aConnectionThatFailedBecauseTheSessionEndedIsNotLentAgain() throws {
    try Self.withPooledService(
      ConnectionPoolOptions(connections: 1, checkIdleAfter: .seconds(3600))
    ) { service, admin throws in
      let dropped = try Self.poolBackends(admin)
      for pid in dropped {
        try admin.execute("SELECT pg_terminate_backend(\(pid), 5000)")
      }
      #expect(throws: (any Error).self) { try service.servedDocument(in: .owner("demo")) }
      #expect(try service.servedDocument(in: .owner("demo")).owner == "demo")
      #expect(Set(try Self.poolBackends(admin)).isDisjoint(with: dropped))
    }
  }

  /// `snapshot --all` draws one batch while the server stores another on a second connection,
  /// which it borrows from the pool: the pool's bound holds whatever the use case.
  @Test(arguments: [1, 2])
  func snapshotOfEveryOwnerUsesNoMoreConnectionsThanThePoolAllows(_ bound: Int) throws {
    try Self.withPooledService(ConnectionPoolOptions(connections: bound)) { service, admin throws in
      var backends: [Int] = []
      let taken = try service.takeSnapshotOfEveryOwner(label: nil, batchSize: 1) { _ in
        backends.append((try? Self.poolBackends(admin).count) ?? -1)
      }
      #expect(taken == 2)
      #expect(backends == [bound, bound])
      #expect(service.connectionUsage == (open: bound, inUse: 0))
    }
  }
}
