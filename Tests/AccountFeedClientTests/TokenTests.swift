import AccountFeedClient
import Foundation
import Testing

/// A revoked token ends the follow with `unauthorized` and the server's reason, instead of
/// reconnecting for ever.
@Suite(.serialized, .timeLimit(.minutes(3))) struct TokenTests {
  @Test func aRevokedTokenStopsTheFollowerAndSaysWhy() async throws {
    try await LiveFeed.with { live in
      let recorder = UpdateRecorder.follow(live.client())
      try await recorder.wait("the first document") { $0.count == 1 }
      _ = try await live.feedctl(["--owner", "demo", "token", "revoke", "1"])
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 1 WHERE name = '비상금'")
      let deadline = Date().addingTimeInterval(30)
      while !recorder.hasEnded, Date() < deadline {
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(recorder.hasEnded)
      let error = try #require(recorder.error as? FeedClientError)
      guard case .unauthorized(let message) = error else {
        Issue.record("expected unauthorized, got \(error)")
        return
      }
      #expect(!message.isEmpty)
      #expect(error.description.hasPrefix("the server refused the token"))
      await recorder.stop()
    }
  }

  @Test func anUnknownTokenIsRefusedAtOnce() async throws {
    try await LiveFeed.with { live in
      let client = live.client(token: "af_" + String(repeating: "x", count: 43))
      await #expect(throws: FeedClientError.self) { try await client.fetch() }
      let recorder = UpdateRecorder.follow(client)
      try await recorder.wait("nothing", seconds: 10) { _ in recorder.hasEnded }
      #expect(recorder.updates.isEmpty)
      if case .unauthorized = recorder.error as? FeedClientError {
      } else {
        Issue.record("expected unauthorized, got \(String(describing: recorder.error))")
      }
    }
  }
}
