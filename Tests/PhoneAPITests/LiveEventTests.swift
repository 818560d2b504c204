import AccountFeedTestSupport
import FeedComponents
import FeedWire
import Foundation
import HTTPServer
import Postgres
import Testing

/// `GET /v1/feed/events`: the feed, then a changeset event for each change, whoever wrote it.
@Suite("Phone API: live events")
struct LiveEventTests {
  @Test func withoutAnIdTheFirstEventIsTheWholeFeed() throws {
    try PhoneFixture.with { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      #expect(reader.status == 200)
      let first = try #require(try reader.nextEvent())
      let document = try FeedDocument(data: Data((first.data ?? "").utf8))
      #expect(first.event == "feed")
      #expect(first.id == document.digest)
      #expect(document.digest == (try fixture.service.liveDocument(owner: "demo").digest))
    }
  }

  @Test func theStreamOpensWithTheDelayToReconnectAfter() throws {
    try PhoneFixture.with { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      #expect(try reader.next() == TestEventReader.Block(retry: 2000))
      #expect(try reader.next()?.event == "feed")
    }
  }

  @Test func anActionArrivesAsAChangesetFromTheHeldDocument() throws {
    try PhoneFixture.with { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      let first = try #require(try reader.nextEvent())
      let held = try FeedDocument(data: Data((first.data ?? "").utf8))
      _ = try fixture.act(#"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      let event = try #require(try reader.nextEvent())
      #expect(event.event == "changeset")
      let changeset = try WireChangeset(data: Data((event.data ?? "").utf8))
      let rebuilt = try changeset.apply(to: held)
      #expect(event.id == rebuilt.digest)
      #expect(rebuilt.digest == (try fixture.service.liveDocument(owner: "demo").digest))
    }
  }

  @Test func aWriterOutsideFeedctlProducesAnEvent() throws {
    try PhoneFixture.with { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      _ = try #require(try reader.nextEvent())
      let psql = try fixture.database.connect()
      try psql.executeScript(
        "UPDATE accounts SET balance_minor = balance_minor + 1000 WHERE owner_id = 'demo' AND name = '비상금'"
      )
      let event = try #require(try reader.nextEvent())
      #expect(event.event == "changeset")
      #expect(event.id == (try fixture.service.liveDocument(owner: "demo").digest))
    }
  }

  @Test func streamsOfOneOwnerHoldingOneDigestShareOneChangeset() throws {
    try PhoneFixture.with { fixture in
      let readers = try (0..<4).map { _ in
        try TestEventReader(
          port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      }
      let held = Set(try readers.map { try #require(try $0.nextEvent()).id })
      #expect(held.count == 1)
      let before = fixture.service.catchUpStatistics.computed
      let psql = try fixture.database.connect()
      try psql.executeScript(
        "UPDATE accounts SET balance_minor = balance_minor + 1000 WHERE owner_id = 'demo' AND name = '비상금'"
      )
      let events = try readers.map { try #require(try $0.nextEvent()) }
      #expect(events.allSatisfy { $0.event == "changeset" })
      #expect(Set(events.map { $0.data ?? "" }).count == 1)
      let metrics = try httpRequest(port: fixture.port, "GET", "/metrics").text
      #expect(metrics.contains("feed_catchups_total{result=\"computed\"} \(before + 1)\n"))
    }
  }

  @Test func aRevokedTokensOpenStreamGetsNoMoreChangesAndEnds() throws {
    try PhoneFixture.with { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      _ = try #require(try reader.nextEvent())
      let token = try #require(try fixture.service.tokens(in: .owner("demo")).first)
      try fixture.service.revokeToken(token.id, in: .owner("demo"))
      let psql = try fixture.database.connect()
      try psql.executeScript(
        "UPDATE accounts SET balance_minor = balance_minor + 1000 WHERE owner_id = 'demo' AND name = '비상금'"
      )
      #expect(try reader.nextEvent() == nil)
    }
  }

  @Test func lastEventIDResumesWithTheChangesMissed() throws {
    try PhoneFixture.with { fixture in
      let held = try FeedDocument(data: try fixture.get("/v1/feed").body)
      _ = try fixture.act(#"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events",
        headers: fixture.auth(fixture.demoToken).merging(["Last-Event-ID": held.digest]) {
          _, new in new
        })
      let event = try #require(try reader.nextEvent())
      #expect(event.event == "changeset")
      let changeset = try WireChangeset(data: Data((event.data ?? "").utf8))
      #expect(changeset.base == held.digest)
      #expect(try changeset.apply(to: held).digest == event.id)
    }
  }

  @Test func anotherOwnersWriteSendsNothing() throws {
    var limits = HTTPLimits()
    limits.heartbeatSeconds = 0.3
    try PhoneFixture.with(limits: limits) { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      _ = try #require(try reader.nextEvent())
      _ = try fixture.act(
        #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.carolNotice)"}"#,
        token: fixture.carolToken)
      for _ in 0..<3 { #expect(try reader.next()?.comment == "heartbeat") }
    }
  }

  @Test func aStreamPastTheOwnersLimitIs429UntilOneCloses() throws {
    var limits = HTTPLimits()
    limits.heartbeatSeconds = 0.2
    try PhoneFixture.with(limits: limits, streamsPerOwner: 2) { fixture in
      let open = {
        try TestEventReader(
          port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      }
      let first = try open()
      // Held: a stream whose client goes gives its slot back at once.
      let second = try open()
      let refused = try open()
      #expect(refused.status == 429)
      #expect(refused.headers["retry-after"] != nil)
      let carols = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.carolToken))
      #expect(carols.status == 200)
      first.connection.shutdown()
      #expect(eventually(within: 10) { (try? open().status) == 200 })
      #expect(second.status == 200)
    }
  }
}
