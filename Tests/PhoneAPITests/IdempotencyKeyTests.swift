import Foundation
import Testing

/// `POST /v1/actions` with an `Idempotency-Key`: a retry gets the first answer, status and
/// body; the key with another action is 409.
@Suite("Phone API: idempotency keys")
struct IdempotencyKeyTests {
  private static func act(
    _ fixture: PhoneFixture, _ body: String, key: String
  ) throws -> TestResponse {
    try httpRequest(
      port: fixture.port, "POST", "/v1/actions",
      headers: fixture.auth(fixture.demoToken).merging([
        "Content-Type": "application/json", "Idempotency-Key": key,
      ]) { $1 }, body: Data(body.utf8))
  }

  @Test func aRetryIsAnsweredWithTheFirstStatusAndBody() throws {
    try PhoneFixture.with { fixture in
      let dismiss = #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#
      let first = try Self.act(fixture, dismiss, key: "retry-1")
      let retry = try Self.act(fixture, dismiss, key: "retry-1")
      #expect(first.status == 200)
      #expect(retry.status == first.status)
      #expect(retry.body == first.body)
    }
  }

  @Test func theKeyWithAnotherActionIs409() throws {
    try PhoneFixture.with { fixture in
      let dismiss = #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#
      _ = try Self.act(fixture, dismiss, key: "retry-2")
      let other = try Self.act(
        fixture, #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.carolNotice)"}"#,
        key: "retry-2")
      #expect(other.status == 409)
      #expect(other.errorCode == "conflict")
    }
  }
}
