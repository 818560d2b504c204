import FeedComponents
import Testing

/// A section digest is SHA-256 of the section's canonical JSON with its items as `[id, digest]`;
/// a section of more than 256 items lists its chunks' digests instead. The expected digests are
/// spelled out here as text, the way docs/components.md describes them.
@Suite struct SectionDigestTests {
  /// `count` title items `i0`, `i1`, … that differ in their text.
  private func items(_ count: Int) -> [ItemNode] {
    (0..<count).map { index in
      ItemNode(id: "i\(index)", type: "title", props: ["text": .string("\(index)")])
    }
  }

  private func sha256(_ text: String) -> String {
    SHA256.hexDigest(of: Array(text.utf8))
  }

  private func references(_ items: ArraySlice<ItemNode>) -> String {
    "[" + items.map { "[\"\($0.id)\",\"\($0.digest)\"]" }.joined(separator: ",") + "]"
  }

  @Test func aSectionOf256ItemsListsEveryItem() {
    let items = items(SectionNode.digestChunkSize)
    let section = SectionNode(id: "s", items: items)
    #expect(section.digest == sha256("{\"id\":\"s\",\"items\":\(references(items[...]))}"))
  }

  @Test func aLongerSectionListsTheDigestsOfItsChunksOf256Items() {
    let items = items(600)
    let chunks = [items[0..<256], items[256..<512], items[512..<600]]
    let listed = chunks.map { "\"" + sha256(references($0)) + "\"" }.joined(separator: ",")
    let section = SectionNode(id: "s", items: items)
    #expect(section.digest == sha256("{\"id\":\"s\",\"items\":[\(listed)]}"))
  }

  @Test func aLongSectionsHeaderAndFooterAreListedAsBefore() {
    let items = items(257)
    let header = ItemNode(id: "h", type: "title", props: ["text": "머리"])
    let footer = ItemNode(id: "f", type: "title", props: ["text": "꼬리"])
    let listed = [items[0..<256], items[256...]].map { "\"" + sha256(references($0)) + "\"" }
    let expected = sha256(
      "{\"footer\":[\"f\",\"\(footer.digest)\"],\"header\":[\"h\",\"\(header.digest)\"],"
        + "\"id\":\"s\",\"items\":[\(listed.joined(separator: ","))]}")
    #expect(SectionNode(id: "s", header: header, footer: footer, items: items).digest == expected)
  }

  @Test func movingAnItemAcrossAChunkBoundaryChangesTheDigest() {
    var items = items(300)
    let before = SectionNode(id: "s", items: items).digest
    items.swapAt(255, 256)
    #expect(SectionNode(id: "s", items: items).digest != before)
  }
}
