import FeedComponents
import Testing

/// A document this program stored is read back with its stored digests taken as given; any
/// other read checks them.
@Suite struct StoredDigestTests {
  /// A one-item document whose item claims `digest`, with the section's and document's digests
  /// as stored beside it.
  private func document(itemDigest digest: String) throws -> JSONValue {
    let document = try FeedDocument(
      owner: "o",
      sections: [
        SectionNode(id: "s", items: [ItemNode(id: "a", type: "title", props: ["text": "x"])])
      ])
    guard case .object(var members) = document.json,
      case .array(let sections) = members["sections"], case .object(var section) = sections[0],
      case .array(let items) = section["items"], case .object(var item) = items[0]
    else { throw FeedDocumentError.invalidField(path: "test", reason: "unexpected shape") }
    item["digest"] = .string(digest)
    section["items"] = .array([.object(item)])
    members["sections"] = .array([.object(section)])
    return .object(members)
  }

  @Test func aTrustedReadTakesEveryStoredDigestAsGiven() throws {
    let stored = String(repeating: "0", count: 64)
    let read = try FeedDocument(json: try document(itemDigest: stored), trustingDigests: true)
    #expect(read.sections[0].items[0].digest == stored)
  }

  @Test func aCheckingReadRefusesTheSameDigest() throws {
    let json = try document(itemDigest: String(repeating: "0", count: 64))
    #expect(throws: FeedDocumentError.self) { try FeedDocument(json: json) }
  }

  @Test func aTrustedReadOfACorrectDocumentEqualsACheckingRead() throws {
    let correct = try FeedDocument(
      owner: "o",
      sections: [
        SectionNode(id: "s", items: [ItemNode(id: "a", type: "title", props: ["text": "x"])])
      ])
    #expect(try FeedDocument(json: correct.json, trustingDigests: true) == correct)
  }
}
