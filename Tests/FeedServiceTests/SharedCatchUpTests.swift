import AccountFeedTestSupport
import AccountModel
import Dispatch
import FeedComponents
import FeedWire
import Foundation
import Synchronization
import Testing

@testable import FeedService

/// An owner's followers holding one document cost one changeset per change, whatever their
/// number; followers holding other documents get their own, and sharing never hides a write.
@Suite(.timeLimit(.minutes(1))) struct SharedCatchUpTests {
  /// One write through the service (which invalidates the owner's feed before it returns).
  static func rename(_ owner: String, to name: String, in service: FeedService) throws {
    let account = try service.feedRows(owner: owner).accounts[0].id
    try service.apply(
      [.updateAccount(id: account, AccountUpdate(name: name))], in: .owner(owner), reason: "test")
  }

  @Test func followersHoldingOneDocumentShareOneChangeset() throws {
    try ListeningDatabase.with { service, _, _ in
      let held = try service.servedFeed(in: .owner("demo")).document()
      try Self.rename("demo", to: "Shared", in: service)
      let before = service.catchUpStatistics

      let answers = try (0..<20).map { _ in
        try service.changes(since: held.digest, in: .owner("demo"))
      }

      let live = try service.liveDocument(owner: "demo")
      for answer in answers {
        guard case .changes(let changeset) = answer else {
          Issue.record("a follower was told it is current")
          continue
        }
        #expect(changeset.target == live.digest)
        #expect(try changeset.apply(to: held).digest == live.digest)
      }
      let after = service.catchUpStatistics
      #expect(after.computed - before.computed == 1)
      #expect(after.remembered - before.remembered == 19)
    }
  }

  @Test func followersHoldingOtherDocumentsGetTheirOwnChangesets() throws {
    try ListeningDatabase.with { service, _, _ in
      let first = try service.servedFeed(in: .owner("demo")).document()
      try Self.rename("demo", to: "Second", in: service)
      let second = try service.servedFeed(in: .owner("demo")).document()
      try Self.rename("demo", to: "Third", in: service)
      let before = service.catchUpStatistics

      let fromFirst = try service.changes(since: first.digest, in: .owner("demo"))
      let fromSecond = try service.changes(since: second.digest, in: .owner("demo"))

      let live = try service.liveDocument(owner: "demo").digest
      guard case .changes(let a) = fromFirst, case .changes(let b) = fromSecond else {
        Issue.record("a follower was told it is current")
        return
      }
      #expect(try a.apply(to: first).digest == live)
      #expect(try b.apply(to: second).digest == live)
      #expect(service.catchUpStatistics.computed - before.computed == 2)
    }
  }

  @Test func aWriteAfterACatchUpIsNotHiddenFromTheNextFollower() throws {
    try ListeningDatabase.with { service, _, _ in
      let held = try service.servedFeed(in: .owner("demo")).document()
      try Self.rename("demo", to: "Once", in: service)
      _ = try service.changes(since: held.digest, in: .owner("demo"))
      try Self.rename("demo", to: "Twice", in: service)

      let later = try service.changes(since: held.digest, in: .owner("demo"))

      let live = try service.liveDocument(owner: "demo").digest
      guard case .changes(let changeset) = later else {
        Issue.record("the later follower was told it is current")
        return
      }
      #expect(changeset.target == live)
      #expect(try changeset.apply(to: held).digest == live)
    }
  }

  /// A catch-up of owner "o" from "b" held running on another thread until `release`, and
  /// what every catch-up of the test counts as a run.
  final class HeldCatchUp: Sendable {
    let cache = ServedCache()
    let shared: SharedCatchUps
    let feed: ServedFeed
    let runs = Atomic(0)
    let release = DispatchSemaphore(value: 0)
    let running = DispatchGroup()

    init() throws {
      cache.listenerConnected()
      shared = SharedCatchUps(cache: cache)
      feed = ServedFeed(try FeedDocument(owner: "o", sections: []))
      let started = DispatchSemaphore(value: 0)
      DispatchQueue.global().async(group: running) { [self] in
        _ = try? shared.share(owner: "o", base: "b") {
          runs.add(1, ordering: .sequentiallyConsistent)
          started.signal()
          release.wait()
          return .current(feed)
        }
      }
      started.wait()
    }

    /// Another catch-up of the same, on its own thread.
    func another(in group: DispatchGroup) {
      DispatchQueue.global().async(group: group) { [self] in
        _ = try? shared.share(owner: "o", base: "b") {
          runs.add(1, ordering: .sequentiallyConsistent)
          return .current(feed)
        }
      }
    }

    func end() {
      release.signal()
      running.wait()
    }
  }

  @Test func aCatchUpAskedForWhileTheSameRunsJoinsIt() throws {
    let held = try HeldCatchUp()
    let second = DispatchGroup()
    held.another(in: second)
    #expect(eventually { held.shared.statistics.joined == 1 })
    held.end()
    second.wait()
    #expect(held.runs.load(ordering: .sequentiallyConsistent) == 1)
  }

  @Test func aCatchUpRunningSinceBeforeAnInvalidationIsNotJoined() throws {
    let held = try HeldCatchUp()
    held.cache.invalidate(owner: "o")
    let second = DispatchGroup()
    held.another(in: second)
    // Not joined, it runs on its own and ends while the first is still held.
    #expect(second.wait(timeout: .now() + 10) == .success)
    #expect(held.runs.load(ordering: .sequentiallyConsistent) == 2)
    #expect(held.shared.statistics.joined == 0)
    held.end()
    second.wait()
  }
}
