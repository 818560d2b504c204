import AccountFeedClient
import Testing

/// A changeset altered on the way (by a proxy) does not land on its target digest: the client
/// shows nothing from it, fetches the whole feed, and goes on following.
@Suite(.serialized, .timeLimit(.minutes(3))) struct TamperTests {
  @Test func aTamperedChangesetIsRefusedAndTheFeedRefetched() async throws {
    try await LiveFeed.with { live in
      let proxy = try LoopbackProxy(upstreamPort: live.server.port, fault: .tamperFirstChangeset)
      defer { proxy.stop() }
      let recorder = UpdateRecorder.follow(live.client(baseURL: proxy.baseURL))
      try await recorder.wait("the first document") { $0.count == 1 }
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 11 WHERE name = '비상금'")
      let changed = try await live.serverDocument(
        changedFrom: recorder.updates[0].document.digest)
      try await recorder.wait("the refetched document") {
        $0.last?.document.digest == changed.digest
      }
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 13 WHERE name = '비상금'")
      let later = try await live.serverDocument(changedFrom: changed.digest)
      try await recorder.wait("the next change") { $0.last?.document.digest == later.digest }
      await recorder.stop()

      #expect(proxy.didFault)
      let updates = recorder.updates
      #expect(updates.map(\.source) == [.feed, .refetch, .changeset])
      #expect(BatchCheck.problems(in: updates) == [])
    }
  }
}
