import AccountFeedClient
import Foundation
import Testing

/// The server stopped and started again under a following client: the client reconnects
/// with its `Last-Event-ID` and is caught up by changesets, never fetching the whole feed.
@Suite(.serialized, .timeLimit(.minutes(3))) struct RestartTests {
  @Test func aRestartedServerResumesTheStreamWithChangesets() async throws {
    try await LiveFeed.with { live in
      let recorder = UpdateRecorder.follow(live.client())
      try await recorder.wait("the first document") { $0.count == 1 }
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 5 WHERE name = '비상금'")
      try await recorder.wait("the change before the restart") { $0.count == 2 }

      try await offPool { [server = live.server] in server.stop() }
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 7 WHERE name = '비상금'")
      try await offPool { [server = live.server] in try server.start() }

      let expected = try await live.serverDocument()
      try await recorder.wait("the change made while the server was down") {
        $0.last?.document.digest == expected.digest
      }
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 9 WHERE name = '비상금'")
      try await recorder.wait("a change after the restart") { $0.count == 4 }
      await recorder.stop()

      let updates = recorder.updates
      #expect(updates.map(\.source) == [.feed, .changeset, .changeset, .changeset])
      #expect(BatchCheck.problems(in: updates) == [])
      let log = live.server.requests.text
      #expect(log.contains("GET /v1/feed/events 200"))
      #expect(log.components(separatedBy: "GET /v1/feed 200").count - 1 == 1)
    }
  }
}
