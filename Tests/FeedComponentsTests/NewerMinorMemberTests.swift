import Foundation
import Testing

@testable import FeedComponents

/// A newer 2.x writer may add members inside an action or a size of a kind this version knows.
/// They are kept, re-encoded byte for byte and covered by the digests, like any other field a
/// newer minor version adds.
@Suite struct NewerMinorMemberTests {
  /// A notice item as a newer writer writes it, without `id` and `digest`, in canonical compact
  /// form: what the writer digests.
  static func drawnNotice(animated: Bool) -> String {
    #"{"actions":{"dismiss":{"animated":\#(animated),"id":"notice/7","kind":"dismiss_notice"}},"#
      + #""props":{"text":"점검 안내"},"size":{"height":72,"mode":"estimated"},"type":"notice"}"#
  }

  /// A whole document holding one item whose drawn members are `drawn`, with the item's stored
  /// digest when one is given.
  static func document(item drawn: String, digest: String? = nil) -> Data {
    let stored = digest.map { #""digest":"\#($0)","# } ?? ""
    let item = #"{"id":"notice/7","# + stored + drawn.dropFirst()
    return Data(
      (#"{"schema":"accountfeed.feed","version":"2.3","owner":"o","#
        + #""sections":[{"id":"notices","items":["# + item + "]}]}").utf8)
  }

  private func onlyItem(_ data: Data) throws -> ItemNode {
    try FeedDocument(data: data).sections[0].items[0]
  }

  /// The item's wire form without `id` and `digest`, in canonical compact form.
  private func drawnText(_ node: ItemNode) throws -> String {
    var members = try #require(node.json.objectValue)
    members["id"] = nil
    members["digest"] = nil
    return CanonicalJSONWriter().string(.object(members))
  }

  @Test func aKnownActionWithAnExtraMemberReencodesByteForByte() throws {
    let drawn = Self.drawnNotice(animated: true)
    #expect(try drawnText(onlyItem(Self.document(item: drawn))) == drawn)
  }

  @Test func theItemDigestIsTheDigestAWriterComputesOverThoseBytes() throws {
    let drawn = Self.drawnNotice(animated: true)
    let node = try onlyItem(Self.document(item: drawn))
    #expect(node.digest == SHA256.hexDigest(of: Array(drawn.utf8)))
  }

  @Test func aStoredDigestCoveringTheExtraMemberIsAccepted() throws {
    let drawn = Self.drawnNotice(animated: true)
    let writerDigest = SHA256.hexDigest(of: Array(drawn.utf8))
    #expect(throws: Never.self) {
      try FeedDocument(data: Self.document(item: drawn, digest: writerDigest))
    }
  }

  @Test func changingTheExtraMemberChangesTheItemAndDocumentDigests() throws {
    let shown = try FeedDocument(data: Self.document(item: Self.drawnNotice(animated: true)))
    let still = try FeedDocument(data: Self.document(item: Self.drawnNotice(animated: false)))
    #expect(shown.sections[0].items[0].digest != still.sections[0].items[0].digest)
    #expect(shown.digest != still.digest)
  }

  @Test func aKnownSizeWithAnExtraMemberIsKeptAndDigested() throws {
    let drawn =
      #"{"actions":{},"props":{"title":"a"},"size":{"height":64,"min_height":48,"mode":"fixed"},"#
      + #""type":"account_row"}"#
    let node = try onlyItem(Self.document(item: drawn))
    #expect(try drawnText(node) == drawn)
    #expect(node.digest == SHA256.hexDigest(of: Array(drawn.utf8)))
  }

  @Test func anAutomaticSizeWithAnExtraMemberIsKept() throws {
    let size: JSONValue = ["mode": "automatic", "max_height": 200]
    #expect(try ComponentSize(json: size).json == size)
  }

  @Test func aCustomActionWithoutPayloadIsKeptAsWritten() throws {
    let action: JSONValue = ["kind": "custom", "name": "refresh"]
    #expect(try Action(json: action).json == action)
  }

  @Test func anOpenURLActionWithAnExtraMemberIsKept() throws {
    let action: JSONValue = ["kind": "open_url", "url": "https://example.com", "in_app": true]
    #expect(try Action(json: action).json == action)
  }

  @Test func actionsOfExactlyAKnownShapeDecodeToTheirCases() throws {
    #expect(try Action(json: ["kind": "open_url", "url": "u"]) == .openURL("u"))
    #expect(try Action(json: ["kind": "dismiss_notice", "id": "n"]) == .dismissNotice(id: "n"))
    #expect(
      try Action(json: ["kind": "custom", "name": "c", "payload": 1])
        == .custom(name: "c", payload: 1))
  }

  @Test func sizesOfExactlyAKnownShapeDecodeToTheirCases() throws {
    #expect(try ComponentSize(json: ["mode": "fixed", "height": 64]) == .fixed(height: 64))
    #expect(try ComponentSize(json: ["mode": "estimated", "height": 72]) == .estimated(height: 72))
    #expect(try ComponentSize(json: ["mode": "automatic"]) == .automatic)
  }

  @Test func aKnownActionMissingItsFieldIsStillRefusedWhateverElseItCarries() {
    #expect(throws: FeedDocumentError.self) {
      try Action(json: ["kind": "open_url", "in_app": true])
    }
  }

  @Test func anExtraSectionMemberIsKeptAndChangesTheSectionDigest() throws {
    let item = #"{"id":"a","type":"title","props":{}}"#
    func section(_ collapsed: Bool) throws -> SectionNode {
      let text =
        #"{"schema":"accountfeed.feed","version":"2.3","owner":"o","sections":["#
        + #"{"id":"s","collapsed":\#(collapsed),"items":["# + item + "]}]}"
      return try FeedDocument(data: Data(text.utf8)).sections[0]
    }
    let open = try section(false)
    #expect(open.json["collapsed"] == false)
    #expect(try open.digest != section(true).digest)
  }
}
