import FeedComponents
import Foundation
import HTTPServer
import Testing

/// `GET /v1/screens/<name>`: any screen of the token's owner, built for what the phone says it
/// draws in `Client-Capabilities`.
@Suite("Phone API: screens and client capabilities")
struct ScreenRouteTests {
  @Test func aScreenIsTheTokenOwnersDocumentOfThatScreen() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/screens/settings")
      #expect(response.status == 200)
      let document = try FeedDocument(data: response.body)
      let expected = try fixture.service.screenDocument(
        "settings", owner: "demo", capabilities: nil)
      #expect(document.encoded() == expected.encoded())
      #expect(response.headers["etag"]?.hasPrefix("\"\(expected.digest)-") == true)
    }
  }

  @Test func anotherOwnersTokenGetsItsOwnScreen() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/screens/accounts", token: fixture.carolToken)
      let document = try FeedDocument(data: response.body)
      let carols = try fixture.service.screenDocument(
        "accounts", owner: "carol", capabilities: nil)
      #expect(document.digest == carols.digest)
      #expect(document.owner == "carol")
    }
  }

  @Test func aPhoneIsNeverSentATypeItDidNotName() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get(
        "/v1/screens/home", headers: ["Client-Capabilities": "2.0:title,account_row"])
      #expect(response.status == 200)
      let document = try FeedDocument(data: response.body)
      let types = Set(
        document.sections.flatMap { section in
          ([section.header, section.footer].compactMap { $0 } + section.items).map(\.type)
        })
      #expect(!types.isEmpty)
      #expect(types.isSubset(of: ["title", "account_row"]), "\(types.sorted())")
    }
  }

  @Test func theFeedOfAPhoneThatStatesItsCapabilitiesIsTheHomeScreenBuiltForThem() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed", headers: ["Client-Capabilities": "app-1.0"])
      let expected = try fixture.service.screenDocument(
        "home", owner: "demo",
        capabilities: try #require(SupportedClient.named("app-1.0")).capabilities)
      #expect(try FeedDocument(data: response.body).encoded() == expected.encoded())
      #expect(response.headers["etag"]?.hasPrefix("\"\(expected.digest)-") == true)
    }
  }

  @Test func aSupportedClientNameStandsForItsCapabilities() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get(
        "/v1/screens/accounts", headers: ["Client-Capabilities": "app-1.0"])
      let expected = try fixture.service.screenDocument(
        "accounts", owner: "demo",
        capabilities: try #require(SupportedClient.named("app-1.0")).capabilities)
      #expect(try FeedDocument(data: response.body).encoded() == expected.encoded())
    }
  }

  @Test func theScreensCurrentDigestIs304() throws {
    try PhoneFixture.with { fixture in
      let etag = try #require(try fixture.get("/v1/screens/accounts").headers["etag"])
      let response = try fixture.get("/v1/screens/accounts", headers: ["If-None-Match": etag])
      #expect(response.status == 304)
      #expect(response.body.isEmpty)
    }
  }

  @Test func anUnknownScreenIs404AndAMalformedNameIs400() throws {
    try PhoneFixture.with { fixture in
      let unknown = try fixture.get("/v1/screens/nosuch")
      #expect(unknown.status == 404)
      #expect(unknown.text.contains("nosuch"))
      #expect(try fixture.get("/v1/screens/Bad%20Name").status == 400)
    }
  }

  @Test func malformedCapabilitiesAre400() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get(
        "/v1/screens/home", headers: ["Client-Capabilities": "not a capability list"])
      #expect(response.status == 400)
    }
  }

  @Test func aScreenNeedsAToken() throws {
    try PhoneFixture.with { fixture in
      let response = try httpRequest(port: fixture.port, "GET", "/v1/screens/home")
      #expect(response.status == 401)
    }
  }
}
