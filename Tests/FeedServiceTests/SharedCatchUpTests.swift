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
      let held = try service.servedFeed(in: .owner("demo")).document
      try Self.rename("demo", to: "Shared", in: service)
      let before = service.catchUpStatistics

      let answers = try (0..<20).map { _ in
        try service.changes(since: held.digest, in: .owner("demo"))
      }

      let live = try service.liveDocument(owner: "demo")
      for answer in answers {
        guard case .changes(let changeset, let target) = answer else {
          Issue.record("a follower was told it is current")
          continue
        }
        #expect(target.digest == live.digest)
        #expect(try changeset.apply(to: held).digest == live.digest)
      }
      let after = service.catchUpStatistics
      #expect(after.computed - before.computed == 1)
      #expect(after.remembered - before.remembered == 19)
    }
  }

  @Test func followersHoldingOtherDocumentsGetTheirOwnChangesets() throws {
    try ListeningDatabase.with { service, _, _ in
      let first = try service.servedFeed(in: .owner("demo")).document
      try Self.rename("demo", to: "Second", in: service)
      let second = try service.servedFeed(in: .owner("demo")).document
      try Self.rename("demo", to: "Third", in: service)
      let before = service.catchUpStatistics

      let fromFirst = try service.changes(since: first.digest, in: .owner("demo"))
      let fromSecond = try service.changes(since: second.digest, in: .owner("demo"))

      let live = try service.liveDocument(owner: "demo").digest
      guard case .changes(let a, _) = fromFirst, case .changes(let b, _) = fromSecond else {
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
      let held = try service.servedFeed(in: .owner("demo")).document
      try Self.rename("demo", to: "Once", in: service)
      _ = try service.changes(since: held.digest, in: .owner("demo"))
      try Self.rename("demo", to: "Twice", in: service)

      let later = try service.changes(since: held.digest, in: .owner("demo"))

      let live = try service.liveDocument(owner: "demo").digest
      guard case .changes(let changeset, let target) = later else {
        Issue.record("the later follower was told it is current")
        return
      }
      #expect(target.digest == live)
      #expect(try changeset.apply(to: held).digest == live)
    }
  }

  @Test func aCatchUpAskedForWhileTheSameRunsJoinsIt() throws {
    let cache = ServedCache()
    cache.listenerConnected()
    let shared = SharedCatchUps(cache: cache)
    let document = try FeedDocument(owner: "o", sections: [])
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let runs = Atomic(0)
    let body: @Sendable () throws -> FeedCatchUp = {
      runs.add(1, ordering: .sequentiallyConsistent)
      started.signal()
      release.wait()
      return .current(document)
    }
    let joined = DispatchGroup()
    DispatchQueue.global().async(group: joined) {
      _ = try? shared.share(owner: "o", base: "b", body)
    }
    started.wait()
    DispatchQueue.global().async(group: joined) {
      _ = try? shared.share(owner: "o", base: "b", body)
    }
    #expect(eventually { shared.statistics.joined == 1 })
    release.signal()
    joined.wait()
    #expect(runs.load(ordering: .sequentiallyConsistent) == 1)
  }

  @Test func aCatchUpRunningSinceBeforeAnInvalidationIsNotJoined() throws {
    let cache = ServedCache()
    cache.listenerConnected()
    let shared = SharedCatchUps(cache: cache)
    let document = try FeedDocument(owner: "o", sections: [])
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let runs = Atomic(0)
    let first: @Sendable () throws -> FeedCatchUp = {
      runs.add(1, ordering: .sequentiallyConsistent)
      started.signal()
      release.wait()
      return .current(document)
    }
    let running = DispatchGroup()
    DispatchQueue.global().async(group: running) {
      _ = try? shared.share(owner: "o", base: "b", first)
    }
    started.wait()
    cache.invalidate(owner: "o")

    // Not joined, it runs on its own and ends while the first is still held.
    let second = DispatchGroup()
    DispatchQueue.global().async(group: second) {
      _ = try? shared.share(owner: "o", base: "b") {
        runs.add(1, ordering: .sequentiallyConsistent)
        return .current(document)
      }
    }
    #expect(second.wait(timeout: .now() + 10) == .success)

    #expect(runs.load(ordering: .sequentiallyConsistent) == 2)
    #expect(shared.statistics.joined == 0)
    release.signal()
    running.wait()
    second.wait()
  }
}
