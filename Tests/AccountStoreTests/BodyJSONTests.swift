import Foundation
import Testing

@testable import AccountStore

/// `BodyJSON`, the reader of stored snapshot bodies: what the store writes comes back exactly,
/// and anything that is not JSON of its kinds is refused rather than half read.
@Suite struct BodyJSONTests {
  @Test(arguments: [
    "plain", "", "quote \" and backslash \\", "controls \n \r \t \u{08} \u{0C} \u{01} \u{1F}",
    "계좌 ₩1,000", "emoji 👩‍💻 and 𝄞", "{\"a\":[1,2]}", "\u{7F} and \u{2028}",
  ])
  func everyTextTheStoreWritesComesBackAsItWas(_ text: String) {
    #expect(BodyJSON.parse(SnapshotBody.quoted(text)) == .string(text))
  }

  @Test func escapesOtherWritersUseAreDecoded() {
    #expect(BodyJSON.parse(#""\/\u0041\u00e9\ud834\udd1e""#) == .string("/Aé𝄞"))
  }

  @Test func aBodyReadsAsItsParts() {
    let body = #"{"top":"{\"v\":1}","sections":[{"id":"a","items":[[0,3],["x","d"]]},{"id":"b"}]}"#
    #expect(
      BodyJSON.parse(body)
        == .object([
          "top": .string(#"{"v":1}"#),
          "sections": .array([
            .object([
              "id": .string("a"),
              "items": .array([
                .array([.integer(0), .integer(3)]), .array([.string("x"), .string("d")]),
              ]),
            ]),
            .object(["id": .string("b")]),
          ]),
        ]))
  }

  @Test func whitespaceLiteralsAndNegativeNumbersAreRead() {
    #expect(
      BodyJSON.parse(" [ -12 , true , false , null , { } , [ ] ] ")
        == .array([.integer(-12), .literal, .literal, .literal, .object([:]), .array([])]))
  }

  @Test(arguments: [
    "", "{", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "\"open", "\"bad \\x escape\"",
    "\"raw \n newline\"", "1.5", "1e3", "01", "-", "99999999999999999999", "tru", "[1] x",
    "\"\\ud834 alone\"", "\"\\u12\"", "{1:2}",
  ])
  func anythingElseIsRefused(_ text: String) {
    #expect(BodyJSON.parse(text) == nil)
  }

  @Test func nestingDeeperThanAnyBodyIsRefusedWithoutExhaustingTheStack() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(BodyJSON.parse(deep) == nil)
    let fine = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    #expect(BodyJSON.parse(fine) != nil)
  }

  @Test func itAgreesWithFoundationOnEveryBodyShape() throws {
    let feed = StoredFeed(
      top: #"{"owner":"o\"1"}"#, digest: String(repeating: "a", count: 64),
      sections: [
        StoredSection(
          id: "accounts", shell: #"{"id":"accounts"}"#, digest: String(repeating: "b", count: 64),
          items: (0..<5).map {
            StoredItem(id: "account/\($0)", digest: String(repeating: "c", count: 64))
          })
      ])
    let body = SnapshotBody.encode(feed, against: nil)
    let foundation = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let ours = try #require(BodyJSON.parse(body)?.object)
    #expect(ours["top"]?.string == foundation["top"] as? String)
    #expect(ours["sections"]?.array?.count == (foundation["sections"] as? [Any])?.count)
  }
}
