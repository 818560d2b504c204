import FeedDiff
import Foundation
import Testing

/// The example in docs/diff.md must stay what the diff really writes.
struct DocumentedExampleTests {
  @Test func theDocumentedExampleIsWhatTheDiffWrites() throws {
    let old = [
      group("accounts", ["account/1", "account/2", "account/3"]),
      group("notices", ["notice/1"]),
    ]
    var new = [
      group("accounts", ["account/2", "account/3", "account/1", "account/4"]),
      group("notices", ["notice/2"]),
    ]
    new[0].title = "My accounts"
    new[0].elements[0].label = "changed"
    let written = try JSONSerialization.jsonObject(
      with: StagedChangeset(source: old, target: new).jsonData())

    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/diff.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let block = try #require(text.components(separatedBy: "```json\n").dropFirst().first)
    let example = try #require(block.components(separatedBy: "```").first)
    let documented = try JSONSerialization.jsonObject(with: Data(example.utf8))

    let writtenDictionary = try #require(written as? [String: Any])
    let documentedDictionary = try #require(documented as? [String: Any])
    #expect(NSDictionary(dictionary: writtenDictionary).isEqual(to: documentedDictionary))
  }
}
