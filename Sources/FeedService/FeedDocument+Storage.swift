import AccountStore
import FeedComponents
import Foundation

extension FeedDocument {
  /// The document as the store keeps it: its sections by reference, each item's node (without
  /// `id` and `digest`, in canonical JSON) under its digest, so a snapshot shares every node
  /// with the snapshots that already show it.
  var stored: (feed: StoredFeed, nodes: [String: String]) {
    let writer = CanonicalJSONWriter()
    var nodes: [String: String] = [:]
    var sections: [StoredSection] = []
    sections.reserveCapacity(self.sections.count)
    for section in self.sections {
      var items: [StoredItem] = []
      items.reserveCapacity(section.items.count)
      for item in section.items {
        items.append(StoredItem(id: item.id, digest: item.digest))
        if nodes[item.digest] == nil {
          nodes[item.digest] = writer.string(
            Self.members(of: item.json, without: ["id", "digest"]))
        }
      }
      sections.append(
        StoredSection(
          id: section.id,
          shell: writer.string(Self.members(of: section.json, without: ["items", "digest"])),
          digest: section.digest, items: items))
    }
    return (
      StoredFeed(
        top: writer.string(Self.members(of: json, without: ["sections", "digest"])),
        digest: digest, sections: sections),
      nodes
    )
  }

  /// Rebuilds the document a snapshot stored, checking every digest against its content: a
  /// snapshot is read back as the document it was, or not at all.
  init(snapshot: Snapshot) throws {
    let feed = snapshot.feed
    var sections: [JSONValue] = []
    sections.reserveCapacity(feed.sections.count)
    for section in feed.sections {
      var members = try Self.object(section.shell)
      var items: [JSONValue] = []
      items.reserveCapacity(section.items.count)
      for item in section.items {
        guard let node = snapshot.nodes[item.digest] else {
          throw FeedServiceError.notFound("the stored item with digest \(item.digest)")
        }
        var itemMembers = try Self.object(node)
        itemMembers["id"] = .string(item.id)
        itemMembers["digest"] = .string(item.digest)
        items.append(.object(itemMembers))
      }
      members["items"] = .array(items)
      members["digest"] = .string(section.digest)
      sections.append(.object(members))
    }
    var members = try Self.object(feed.top)
    members["sections"] = .array(sections)
    members["digest"] = .string(feed.digest)
    try self.init(json: .object(members))
  }

  private static func members(of value: JSONValue, without keys: Set<String>) -> JSONValue {
    .object((value.objectValue ?? [:]).filter { !keys.contains($0.key) })
  }

  private static func object(_ text: String) throws -> [String: JSONValue] {
    guard let members = try JSONParser.parse(Array(text.utf8)).objectValue else {
      throw FeedDocumentError.invalidField(
        path: "snapshot", reason: "a stored part is not an object")
    }
    return members
  }
}
