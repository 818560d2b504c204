import AccountModel
import AccountStore
import FeedService
import Foundation
import Postgres
import PostgresTestSupport
import Synchronization
import Testing

/// Live changes: a commit by any program wakes the subscribers of the owner it touched, and no
/// one else; a notice window's edge wakes them with no write at all.
@Suite struct FeedEventsTests {
  /// Counts the calls of one subscription and lets a test wait for the next.
  final class Wakes: Sendable {
    private let count = Mutex(0)
    private let signal = DispatchSemaphore(value: 0)

    var onChange: @Sendable () -> Void {
      { [self] in
        count.withLock { $0 += 1 }
        signal.signal()
      }
    }

    var total: Int { count.withLock { $0 } }

    /// Whether a call came within `seconds`.
    func next(within seconds: Double = 10) -> Bool {
      signal.wait(timeout: .now() + seconds) == .success
    }
  }

  @Test func aWriteByAnotherProgramWakesTheOwnersSubscriber() throws {
    try ListeningDatabase.with { _, events, outsider in
      let wakes = Wakes()
      _ = events.subscribe(.owner("demo"), onChange: wakes.onChange)
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(wakes.next())
    }
  }

  @Test func oneWriteWakesEverySubscriberOfTheOwner() throws {
    try ListeningDatabase.with { _, events, outsider in
      let subscribers = (0..<200).map { _ in Wakes() }
      for wakes in subscribers { _ = events.subscribe(.owner("demo"), onChange: wakes.onChange) }
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(subscribers.allSatisfy { $0.next() })
    }
  }

  @Test func anotherOwnersWriteWakesNoOne() throws {
    try ListeningDatabase.with { _, events, outsider in
      let carols = Wakes()
      let demos = Wakes()
      _ = events.subscribe(.owner("carol"), onChange: carols.onChange)
      _ = events.subscribe(.owner("demo"), onChange: demos.onChange)
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(demos.next())
      #expect(!carols.next(within: 0.5))
    }
  }

  @Test func anAnyOwnerSubscriberIsWokenByEveryOwnersWrite() throws {
    try ListeningDatabase.with { _, events, outsider in
      let wakes = Wakes()
      _ = events.subscribe(.anyOwner, onChange: wakes.onChange)
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(wakes.next())
      try ListeningDatabase.renameFirstAccount(of: "carol", to: "psql", on: outsider)
      #expect(wakes.next())
    }
  }

  @Test func cancellingOneOfAnOwnersSubscriptionsStillWakesTheOthers() throws {
    try ListeningDatabase.with { _, events, outsider in
      let kept = Wakes()
      events.subscribe(.owner("demo"), onChange: Wakes().onChange).cancel()
      _ = events.subscribe(.owner("demo"), onChange: kept.onChange)
      events.subscribe(.owner("demo"), onChange: Wakes().onChange).cancel()
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(kept.next())
      #expect(events.subscriberCount == 1)
    }
  }

  @Test func aWriteThroughTheServiceWakesTheOwnersSubscriber() throws {
    try ListeningDatabase.with { service, events, _ in
      let wakes = Wakes()
      _ = events.subscribe(.owner("carol"), onChange: wakes.onChange)
      let notice = try service.feedRows(owner: "carol").notices[0].id
      try service.perform(.dismissNotice(id: notice), in: .owner("carol"))
      #expect(wakes.next())
    }
  }

  @Test func recordingASnapshotWakesNoOne() throws {
    try ListeningDatabase.with { service, events, _ in
      let wakes = Wakes()
      _ = events.subscribe(.owner("demo"), onChange: wakes.onChange)
      _ = try service.takeSnapshot(owner: "demo", label: nil)
      #expect(!wakes.next(within: 0.5))
    }
  }

  @Test func aCancelledSubscriptionIsNotCalled() throws {
    try ListeningDatabase.with { _, events, outsider in
      let wakes = Wakes()
      events.subscribe(.owner("demo"), onChange: wakes.onChange).cancel()
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(!wakes.next(within: 0.5))
      #expect(events.subscriberCount == 0)
    }
  }

  @Test func aNoticeWindowOpeningWakesTheOwnerWithNoWrite() throws {
    try ListeningDatabase.with { service, events, outsider in
      try outsider.execute(
        """
        INSERT INTO notices (owner_id, message, active_from)
        VALUES ('carol', 'soon', now() + interval '1500 milliseconds')
        """)
      Thread.sleep(forTimeInterval: 0.3)
      let wakes = Wakes()
      let subscribed = ContinuousClock.now
      _ = events.subscribe(.owner("carol"), onChange: wakes.onChange)
      #expect(wakes.next())
      #expect(subscribed.duration(to: .now) >= .milliseconds(900))
      let messages = try service.servedDocument(in: .owner("carol")).sections.flatMap(\.items)
        .compactMap { $0.props["message"]?.stringValue }
      #expect(messages.contains("soon"))
    }
  }

  @Test func afterTheConnectionDropsWritesWakeSubscribersAgain() throws {
    try ListeningDatabase.with { _, events, outsider in
      let wakes = Wakes()
      _ = events.subscribe(.owner("demo"), onChange: wakes.onChange)
      try outsider.execute(
        """
        SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
        """)
      #expect(wakes.next(), "the reconnection wakes everyone")
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "after the drop", on: outsider)
      #expect(wakes.next())
    }
  }
}
