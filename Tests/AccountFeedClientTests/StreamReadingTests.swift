import Testing

@testable import AccountFeedClient

/// The pieces of the event-stream reader and the reconnect policy, without a server.
@Suite struct StreamReadingTests {
  @Test func eventsAreReadWhateverTheSplitOfTheBytes() {
    let text =
      "id: d1\nevent: changeset\ndata: {\"a\":\ndata: 1}\n\n: heartbeat\n\nretry: 2500\n\r\n"
    let bytes = Array(text.utf8)
    for split in 0...bytes.count {
      var parser = ServerSentEventParser()
      let events = parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
      #expect(
        events == [
          ServerSentEvent(id: "d1", event: "changeset", data: "{\"a\":\n1}"),
          ServerSentEvent(retry: 2500),
        ])
    }
  }

  @Test func chunkedBodiesAreDecodedAcrossReads() throws {
    let wire = Array("5;x=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: t\r\n\r\n".utf8)
    for split in 0...wire.count {
      var decoder = ChunkedDecoder()
      let body = try decoder.decode(wire[..<split]) + decoder.decode(wire[split...])
      #expect(String(decoding: body, as: UTF8.self) == "hello, world")
      #expect(decoder.isFinished)
    }
    var bad = ChunkedDecoder()
    #expect(throws: FeedClientError.self) { try bad.decode(Array("zz\r\n".utf8)[...]) }
  }

  @Test func theBackoffGrowsIsCappedJitteredAndHonoursRetryAfter() {
    let policy = ReconnectPolicy(
      initialDelay: .milliseconds(100), maximumDelay: .seconds(2), jitter: 0.5)
    #expect(policy.delay(attempt: 0, random: 0) == .milliseconds(100))
    #expect(policy.delay(attempt: 3, random: 0) == .milliseconds(800))
    #expect(policy.delay(attempt: 10, random: 0) == .seconds(2))
    #expect(policy.delay(attempt: 10, random: 1) == .seconds(1))
    #expect(policy.delay(attempt: 0, base: .milliseconds(2500), random: 0) == .seconds(2))
    #expect(policy.delay(attempt: 0, base: .milliseconds(40), random: 0) == .milliseconds(40))
    #expect(
      policy.delay(attempt: 0, retryAfter: .seconds(5), random: 0)
        == .seconds(5) + .milliseconds(50))
  }

  @Test func aReloadLandsWhereUIKitPutsIt() {
    #expect(BatchPlanner.landing(of: 2, deletes: [0], inserts: []) == 1)
    #expect(BatchPlanner.landing(of: 1, deletes: [], inserts: [0, 1]) == 3)
    #expect(BatchPlanner.landing(of: 1, deletes: [0], inserts: [2]) == 0)
  }
}
