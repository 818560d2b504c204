import Foundation
import Testing

@testable import FeedComponents

/// Nodes write their canonical JSON and digests straight from their fields; these hold them to
/// the definition: the canonical writing of the node's `JSONValue` form, whatever the node holds
/// (fields of a newer minor version, some sorting between `digest` and `id`, unrecognized
/// actions and sizes, text that needs escapes).
@Suite struct DirectEncodingTests {
  private static let item = ItemNode(
    id: "account/1", type: "future_row",
    props: [
      "title": "월급 \"통장\"\n\t\u{1}", "amount": .decimal("1.50"), "count": -12,
      "nested": ["b": [1, nil, true], "a": [:], "é": []],
      "punctuation": "{\"a\": [1, 2]}, \\", "we\"ird {key}": [[], [[:]], ["x": [:]]],
    ],
    actions: [
      "touch": .openURL("https://example.com/a?b=c"),
      "button": .custom(name: "share", payload: ["to": ["x", "y"]]),
      "dismiss": .dismissNotice(id: "notice/2"),
      "swipe": .unrecognized(["kind": "later", "speed": 2]),
    ],
    size: .unrecognized(["mode": "grid", "columns": 3]),
    additionalFields: ["badge": "new", "aaa": [], "flag": true, "zzz": ["k": false]])

  private static let plain = ItemNode(
    id: "title/s", type: "title", props: ["text": "제목"], actions: [:], size: .fixed(height: 40),
    additionalFields: [:])

  private static let estimated = ItemNode(
    id: "total/KRW", type: "summary_row", props: ["label": "합계", "value": "1원"],
    actions: [:], size: .estimated(height: 12), additionalFields: [:])

  private static let section = SectionNode(
    id: "accounts", header: plain, footer: estimated, items: [item],
    additionalFields: ["note": "newer", "aaa": 1])

  private static let document = try! FeedDocument(
    owner: "o1",
    sections: [section, SectionNode(id: "empty", items: [])],
    additionalFields: ["capabilities": ["types": ["title"]], "zeta": .decimal("2e3")])

  @Test(arguments: [false, true])
  func encodedIsTheCanonicalWritingOfItsJSON(pretty: Bool) {
    #expect(
      Self.document.encoded(pretty: pretty)
        == CanonicalJSONWriter(pretty: pretty).data(Self.document.json))
  }

  @Test(arguments: [false, true])
  func aFeedLargerThanTheWritingBufferEncodesTheSame(pretty: Bool) throws {
    let items = (0..<2_000).map { index in
      ItemNode(
        id: "account/\(index)", type: "account_row",
        props: ["title": .string("계좌 \(index)"), "value": .string("\(index * 1_000)원")],
        actions: [.touch: .openURL("app://accounts/\(index)")], size: .fixed(height: 64))
    }
    let document = try FeedDocument(owner: "o", sections: [SectionNode(id: "s", items: items)])
    let encoded = document.encoded(pretty: pretty)
    #expect(encoded.count > 128 * 1024)
    #expect(encoded == CanonicalJSONWriter(pretty: pretty).data(document.json))
  }

  @Test(arguments: [false, true])
  func writtenInPiecesItIsTheEncodedTextAndEveryPieceEndsBetweenItems(pretty: Bool) throws {
    let items = (0..<3_000).map { index in
      ItemNode(
        id: "account/\(index)", type: "account_row", props: ["title": .string("계좌 \(index)")])
    }
    let document = try FeedDocument(owner: "o", sections: [SectionNode(id: "s", items: items)])
    var pieces: [[UInt8]] = []
    document.write(pretty: pretty) { pieces.append($0) }
    #expect(pieces.count > 1)
    #expect(Data(pieces.joined()) == document.encoded(pretty: pretty))
    for piece in pieces.dropLast() {
      #expect(piece.last == UInt8(ascii: "}"))
      #expect(String(validating: piece, as: UTF8.self) != nil)
    }
  }

  @Test(arguments: [
    section, SectionNode(id: "empty", items: []),
    SectionNode(id: "headed", header: plain, items: [item]),
    SectionNode(id: "a", items: [], additionalFields: ["id": "not mine", "items": [1], "b": 2]),
  ])
  func aShellTextIsTheCanonicalWritingOfItsShellJSON(section: SectionNode) {
    #expect(section.shellText == CanonicalJSONWriter().string(section.shellJSON))
  }

  @Test func anItemDigestCoversItsJSONWithoutIDAndDigest() throws {
    for item in [Self.item, Self.plain, Self.estimated] {
      var drawn = try #require(item.json.objectValue)
      drawn["id"] = nil
      drawn["digest"] = nil
      #expect(item.digest == SHA256.hexDigest(of: CanonicalJSONWriter().bytes(.object(drawn))))
    }
  }

  /// A component's node is written by its own path (actions keyed by trigger, no newer
  /// fields); with one, two and every trigger it must still be the definition's bytes.
  @Test(arguments: [1, 2, ActionTrigger.allCases.count])
  func aNodeDrawnByAComponentIsTheCanonicalWritingOfItsJSON(triggers: Int) throws {
    let actions: [ActionTrigger: Action] = [
      .touch: .openURL("app://accounts/1"), .button: .custom(name: "share", payload: ["n": 1]),
      .toggle: .custom(name: "hide", payload: [:]), .dismiss: .dismissNotice(id: "notice/\"2\""),
    ].filter { trigger, _ in ActionTrigger.allCases.prefix(triggers).contains(trigger) }
    let node = ItemNode(
      id: "account/1", type: "account_row", props: ["title": "월급 \"통장\"", "value": "1원"],
      actions: actions, size: .estimated(height: 12))
    var drawn = try #require(node.json.objectValue)
    drawn["id"] = nil
    drawn["digest"] = nil
    #expect(node.drawnJSON == CanonicalJSONWriter().string(.object(drawn)))
    #expect(node.digest == SHA256.hexDigest(of: CanonicalJSONWriter().bytes(.object(drawn))))
    #expect(node.actions.count == triggers)
  }

  @Test func aSectionDigestCoversItsItemsAsReferences() {
    func reference(_ item: ItemNode) -> JSONValue { [.string(item.id), .string(item.digest)] }
    let digested: JSONValue = [
      "id": "accounts", "header": reference(Self.plain), "footer": reference(Self.estimated),
      "items": [reference(Self.item)], "note": "newer", "aaa": 1,
    ]
    #expect(
      Self.section.digest == SHA256.hexDigest(of: CanonicalJSONWriter().bytes(digested)))
  }

  @Test func aDocumentDigestCoversItsSectionsAsReferences() {
    let references: JSONValue = [
      [.string("accounts"), .string(Self.section.digest)],
      [.string("empty"), .string(Self.document.sections[1].digest)],
    ]
    #expect(
      Self.document.digest == SHA256.hexDigest(of: CanonicalJSONWriter().bytes(references)))
  }

  @Test func aFieldOfANewerVersionNeverReplacesOneThisVersionWrites() {
    let shadowed = ItemNode(
      id: "a/1", type: "title", props: [:], actions: [:], size: .automatic,
      additionalFields: ["type": "forged", "id": "forged", "digest": "forged"])
    let text = String(decoding: CanonicalJSONWriter().bytes(shadowed.json), as: UTF8.self)
    let document = try! FeedDocument(
      owner: "o", sections: [SectionNode(id: "s", items: [shadowed])],
      additionalFields: ["owner": "forged"])
    #expect(document.encoded() == CanonicalJSONWriter().data(document.json))
    #expect(!text.contains("forged"))
  }
}
