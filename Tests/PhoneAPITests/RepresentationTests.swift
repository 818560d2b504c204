import FeedComponents
import Foundation
import Testing

/// What a document's answer says about itself: `Vary` names every request field that changes
/// it, each representation has its own entity tag, and `If-None-Match` is honoured wherever an
/// entity tag is sent.
@Suite("Phone API: representations")
struct RepresentationTests {
  @Test func theFeedVariesByTokenCapabilitiesAndEncodingAlways() throws {
    try PhoneFixture.with { fixture in
      let vary = try fixture.get("/v1/feed").headers["vary"]
      #expect(vary == "Authorization, Client-Capabilities, Accept-Encoding")
    }
  }

  @Test func aCapabilityDocumentHasAnotherETagThanThePlainFeed() throws {
    try PhoneFixture.with { fixture in
      let plain = try fixture.get("/v1/feed")
      let built = try fixture.get("/v1/feed", headers: ["Client-Capabilities": "app-1.0"])
      #expect(plain.body != built.body)
      #expect(plain.headers["etag"] != built.headers["etag"])
    }
  }

  @Test func thePlainFeedsETagIsStillItsDigest() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed")
      let document = try FeedDocument(data: response.body)
      #expect(response.headers["etag"] == "\"\(document.digest)\"")
    }
  }

  @Test func changesAreNotModifiedForTheTagThePhoneHolds() throws {
    try PhoneFixture.with { fixture in
      let digest = try FeedDocument(data: fixture.get("/v1/feed").body).digest
      let first = try fixture.get("/v1/feed/changes?since=\(digest)")
      let etag = try #require(first.headers["etag"])
      let again = try fixture.get(
        "/v1/feed/changes?since=\(digest)", headers: ["If-None-Match": etag])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
    }
  }
}
