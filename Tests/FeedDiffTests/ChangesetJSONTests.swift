import FeedDiff
import Foundation
import Testing

/// The JSON form follows the documented schema and is byte-stable.
struct ChangesetJSONTests {
  @Test func aDeleteAndAnInsertEncodeToTheDocumentedSchema() throws {
    let changeset = try StagedChangeset(
      source: [group("home", ["account/1", "account/2"])],
      target: [group("home", ["account/2", "account/3"])])
    let expected =
      #"{"schema":"feeddiff.changeset/1","stages":[{"items":{"deleted":[{"id":"account/1","#
      + #""path":[0,0],"section":"home"}],"inserted":[{"id":"account/3","path":[0,1],"#
      + #""section":"home"}],"moved":[],"updated":[]},"sections":{"deleted":[],"inserted":[],"#
      + #""moved":[],"updated":[]}}],"summary":{"add":1,"change":0,"move":0,"remove":1}}"#
    #expect(String(decoding: try changeset.jsonData(), as: UTF8.self) == expected)
  }

  @Test func aCrossSectionMoveNamesBothSectionsAndPaths() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a", "b"]), group("B", [])],
      target: [group("A", ["a"]), group("B", ["b"])])
    let object = try JSONSerialization.jsonObject(with: changeset.jsonData()) as? [String: Any]
    let stages = try #require(object?["stages"] as? [[String: Any]])
    let items = try #require(stages.first?["items"] as? [String: Any])
    let move = try #require((items["moved"] as? [[String: Any]])?.first)
    #expect(move["id"] as? String == "b")
    #expect((move["from"] as? [String: Any])?["section"] as? String == "A")
    #expect((move["from"] as? [String: Any])?["path"] as? [Int] == [0, 1])
    #expect((move["to"] as? [String: Any])?["section"] as? String == "B")
    #expect((move["to"] as? [String: Any])?["path"] as? [Int] == [1, 0])
  }

  @Test func equalChangesetsGiveIdenticalBytes() throws {
    var feeds = RandomFeeds(seed: 7)
    for n in 0..<200 {
      let (old, new) = try feeds.pair(case: n)
      let first = try StagedChangeset(source: old, target: new).jsonData()
      let second = try StagedChangeset(source: old, target: new).jsonData()
      #expect(first == second)
    }
  }
}
