import AccountFeedClient
import FeedComponents
import Foundation
import Testing

/// An app starts from the document it kept on disk: it shows it at once, then catches up
/// with a changeset when the server knows it, or fetches the feed after a 409 when not.
@Suite(.serialized, .timeLimit(.minutes(3))) struct StartupCacheTests {
  private static func temporaryCache() -> FeedCache {
    FeedCache(
      fileURL: FileManager.default.temporaryDirectory.appendingPathComponent(
        "feed-cache-\(UUID().uuidString).json"))
  }

  @Test func aStaleCacheIsShownThenCaughtUpByAChangeset() async throws {
    try await LiveFeed.with { live in
      let cache = Self.temporaryCache()
      defer { try? FileManager.default.removeItem(at: cache.fileURL) }
      let stale = try await live.serverDocument()
      try cache.store(stale)
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 3 WHERE name = '저축 통장'")
      let current = try await live.serverDocument(changedFrom: stale.digest)

      let recorder = UpdateRecorder.follow(live.client(cache: cache))
      try await recorder.wait("the catch-up") { $0.last?.document.digest == current.digest }
      await recorder.stop()
      let updates = recorder.updates
      #expect(updates.map(\.source) == [.cache, .changeset])
      #expect(updates.first?.document.digest == stale.digest)
      #expect(BatchCheck.problems(in: updates) == [])
      #expect(cache.load()?.digest == current.digest)
      #expect(live.server.requests.text.contains("GET /v1/feed/changes 200"))
    }
  }

  @Test func aCachedDocumentTheServerNeverSentIsRefetchedAfter409() async throws {
    try await LiveFeed.with { live in
      let cache = Self.temporaryCache()
      defer { try? FileManager.default.removeItem(at: cache.fileURL) }
      let served = try await live.serverDocument()
      let foreign = try FeedDocument(
        owner: served.owner, sections: Array(served.sections.dropFirst()),
        version: served.version, additionalFields: served.additionalFields)
      try cache.store(foreign)

      let recorder = UpdateRecorder.follow(live.client(cache: cache))
      try await recorder.wait("the refetch") { $0.last?.document.digest == served.digest }
      await recorder.stop()
      let updates = recorder.updates
      #expect(updates.map(\.source) == [.cache, .refetch])
      #expect(BatchCheck.problems(in: updates) == [])
      #expect(updates.last?.batches.isEmpty == false)
      #expect(live.server.requests.text.contains("GET /v1/feed/changes 409"))
    }
  }
}
