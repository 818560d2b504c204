import FeedComponents
import Foundation
import HTTPServer
import Testing

/// `POST /v1/actions`: an action from the document, performed for the token's owner.
@Suite("Phone API: actions")
struct ActionRouteTests {
  @Test func dismissingANoticeReturnsTheNewDigestAndTakesItOffTheFeed() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.act(
        #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      #expect(response.status == 200)
      let feed = try FeedDocument(data: try fixture.get("/v1/feed").body)
      #expect(response.json?["digest"] as? String == feed.digest)
      #expect(!feed.sections.flatMap(\.items).map(\.id).contains("notice/\(fixture.demoNotice)"))
    }
  }

  @Test func anUnknownNoticeIs404() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.act(#"{"kind": "dismiss_notice", "id": "notice/999999"}"#)
      #expect(response.status == 404)
      #expect(response.errorCode == "not_found")
    }
  }

  @Test func aMalformedActionIs400() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.act(#"{"kind": "launch_rocket", "id": "notice/1"}"#)
      #expect(response.status == 400)
      #expect(try fixture.act("not json").status == 400)
    }
  }

  @Test func aBodyThatIsNotJSONByTypeIs415() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.act(
        #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#,
        contentType: "text/plain")
      #expect(response.status == 415)
      #expect(response.errorCode == "unsupported_media_type")
    }
  }

  @Test func aGetOnActionsIs405() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/actions")
      #expect(response.status == 405)
      #expect(response.headers["allow"] == "POST")
    }
  }
}
