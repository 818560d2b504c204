import FeedComponents
import FeedWire
import Testing

/// What a `feeddiff.changeset/2` carries for each kind of change, and that a client rebuilds the
/// target from it.
@Suite struct WireChangesetTests {
  private typealias F = Fixtures

  @Test func anUpdatedItemCarriesItsWholeNode() throws {
    let base = try F.document([F.section("accounts", [F.item("account/1"), F.item("account/2")])])
    let target = try F.document([
      F.section("accounts", [F.item("account/1", "2원"), F.item("account/2")])
    ])
    let json = try F.wireJSON(from: base, to: target)
    let stage = try #require(json["stages"]?.arrayValue?.first)
    #expect(stage["sections"] == nil)
    #expect(
      stage["items"]
        == [
          "updated": [
            [
              "id": "account/1", "section": "accounts", "path": [0, 0],
              "item": target.sections[0].items[0].json,
            ]
          ]
        ])
  }

  @Test func deletesAndMovesCarryIdsAndPlacesOnly() throws {
    let base = try F.document([
      F.section("accounts", [F.item("account/1"), F.item("account/2"), F.item("account/3")])
    ])
    let target = try F.document([F.section("accounts", [F.item("account/3"), F.item("account/1")])])
    let items = try #require(F.member(F.wireJSON(from: base, to: target), "stages.0.items"))
    #expect(items["deleted"] == [["id": "account/2", "section": "accounts", "path": [0, 1]]])
    #expect(
      items["moved"]
        == [
          [
            "id": "account/3", "from": ["section": "accounts", "path": [0, 2]],
            "to": ["section": "accounts", "path": [0, 0]],
          ]
        ])
  }

  @Test func anInsertedSectionArrivesWholeWithItsHeaderAndItems() throws {
    let base = try F.document([F.section("accounts", [F.item("account/1")])])
    let notices = F.section("notices", header: "알림", [F.item("notice/1"), F.item("notice/2")])
    let target = try F.document([notices, F.section("accounts", [F.item("account/1")])])
    let sections = try #require(F.member(F.wireJSON(from: base, to: target), "stages.0.sections"))
    #expect(sections["inserted"] == [["id": "notices", "index": 0, "section": notices.json]])
  }

  @Test func anUpdatedSectionCarriesItsNewShellWithoutItems() throws {
    let base = try F.document([F.section("accounts", header: "계좌", [F.item("account/1")])])
    let renamed = F.section("accounts", header: "내 계좌", [F.item("account/1")])
    let target = try F.document([renamed])
    let sections = try #require(F.member(F.wireJSON(from: base, to: target), "stages.0.sections"))
    #expect(
      sections["updated"]
        == [
          [
            "id": "accounts", "index": 0,
            "section": ["id": "accounts", "header": renamed.header!.json],
          ]
        ])
  }

  @Test func aSectionFieldFromANewerMinorVersionIsASectionUpdate() throws {
    let items = [F.item("account/1")]
    let base = try F.document([SectionNode(id: "accounts", items: items)])
    let target = try F.document([
      SectionNode(id: "accounts", items: items, additionalFields: ["collapsed": true])
    ])
    let wire = WireChangeset(from: base, to: target)
    #expect(wire.stages.first?.sectionUpdated.first?.node.additionalFields == ["collapsed": true])
    #expect(try wire.apply(to: base).encoded() == target.encoded())
  }

  @Test func theDocumentMemberHoldsTheTargetsTopLevelFields() throws {
    let sections = [F.section("accounts", [F.item("account/1")])]
    let base = try F.document(sections, owner: "demo")
    let target = try F.document(sections, owner: "demo2", fields: ["theme": "dark"])
    let json = try F.wireJSON(from: base, to: target)
    #expect(
      json["document"]
        == ["schema": "accountfeed.feed", "version": "2.0", "owner": "demo2", "theme": "dark"])
    let rebuilt = try WireChangeset(data: F.bytes(json)).apply(to: base)
    #expect(rebuilt.encoded() == target.encoded())
  }

  @Test func equalDocumentsGiveNoStagesAndTheSameDigestTwice() throws {
    let document = try F.document([F.section("accounts", [F.item("account/1")])])
    let wire = WireChangeset(from: document, to: document)
    #expect(wire.stages.isEmpty)
    #expect(wire.base == document.digest)
    #expect(wire.target == document.digest)
    #expect(try wire.apply(to: document) == document)
  }

  @Test func anItemMovingIntoAnInsertedSectionOutOfADeletedOneIsRebuilt() throws {
    let base = try F.document([
      F.section("old", header: "옛", [F.item("a/1"), F.item("a/2")]),
      F.section("kept", [F.item("b/1")]),
    ])
    let target = try F.document([
      F.section("kept", [F.item("b/1", "9원")]),
      F.section("new", header: "새", [F.item("a/2"), F.item("c/1")]),
    ])
    let wire = try WireChangeset(data: WireChangeset(from: base, to: target).encoded())
    #expect(wire.stages.count > 1)
    #expect(try wire.apply(to: base).encoded() == target.encoded())
  }

  @Test func theBytesAreCanonicalJSON() throws {
    let base = try F.document([F.section("accounts", [F.item("account/1"), F.item("account/2")])])
    let target = try F.document([
      F.section("accounts", header: "계좌", [F.item("account/2", "5원"), F.item("account/3")])
    ])
    let bytes = WireChangeset(from: base, to: target).encoded()
    #expect(F.bytes(try JSONParser.parse(Array(bytes))) == bytes)
  }
}
