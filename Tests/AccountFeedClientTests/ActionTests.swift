import AccountFeedClient
import FeedComponents
import Foundation
import Testing

/// Actions go out with an `Idempotency-Key` and are sent again, with the same key, when the
/// answer is lost; the server, which keeps each key with the action's answer, applies it once.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ActionTests {
  @Test func anActionWhoseAnswerIsLostIsSentAgainWithTheSameKeyAndAppliedOnce() async throws {
    try await LiveFeed.with { live in
      let proxy = try LoopbackProxy(
        upstreamPort: live.server.port, fault: .dropFirstActionResponse)
      defer { proxy.stop() }
      let before = try await live.serverDocument()
      let notice = try #require(
        before.itemsWithPlaces.map(\.item).first { $0.id.hasPrefix("notice/") })
      let action = try #require(notice.action(for: .dismiss))
      let request = ActionRequest(action: action)

      let digest = try await live.client(baseURL: proxy.baseURL).perform(request)

      #expect(proxy.didFault)
      let sent = proxy.clientText.lowercased()
      #expect(sent.components(separatedBy: "post /v1/actions").count - 1 == 2)
      #expect(
        sent.components(separatedBy: "idempotency-key: \(request.idempotencyKey.lowercased())")
          .count - 1 == 2)
      let after = try await live.serverDocument()
      #expect(digest == after.digest)
      #expect(!after.itemsWithPlaces.contains { $0.item.id == notice.id })
      // The server holds the action under the client's key, so the retry was answered from it.
      let key = request.idempotencyKey
      #expect(
        try await live.count("SELECT count(*) FROM idempotency_keys WHERE key = \(key)") == 1)
      #expect(eventually(5) { live.server.requests.text.contains("POST /v1/actions 200") })
    }
  }

  @Test func theSettingsSwitchHidesAnAccount() async throws {
    try await LiveFeed.with { live in
      let settings = try #require(try await live.client(screen: "settings").fetch()).document
      let toggle = try #require(
        settings.itemsWithPlaces.map(\.item).first { $0.type == "toggle_row" })
      let action = try #require(toggle.action(for: .toggle))
      let account = "account/" + toggle.id.dropFirst("visibility/".count)
      #expect(try await live.serverDocument().itemsWithPlaces.contains { $0.item.id == account })

      let digest = try await live.client().perform(ActionRequest(action: action, isOn: false))
      let home = try await live.serverDocument()
      #expect(digest == home.digest)
      #expect(!home.itemsWithPlaces.contains { $0.item.id == account })
    }
  }

  @Test func aRefusedActionIsNotRetried() async throws {
    try await LiveFeed.with { live in
      let client = live.client()
      await #expect(throws: FeedClientError.self) {
        try await client.perform(.dismissNotice("notice/999"))
      }
      // The server logs a request once its answer is sent, so the line may come a moment later.
      #expect(eventually(5) { live.server.requests.text.contains("POST /v1/actions 404") })
      try await Task.sleep(for: .milliseconds(300))
      #expect(
        live.server.requests.text.components(separatedBy: "POST /v1/actions").count - 1 == 1)
    }
  }
}
