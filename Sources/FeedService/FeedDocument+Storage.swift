import AccountStore
import FeedComponents
import Foundation

extension FeedDocument {
  /// The document as the store keeps it: its sections by reference, and a way to encode the
  /// node of any of its items (without `id` and `digest`, in canonical JSON) under its digest —
  /// asked only for nodes no earlier snapshot stored, so a snapshot shares every other node.
  var stored: (feed: StoredFeed, nodes: @Sendable (Set<String>) -> [String: String]) {
    var items: [ItemNode] = []
    items.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
    var sections: [StoredSection] = []
    sections.reserveCapacity(self.sections.count)
    for section in self.sections {
      var references: [StoredItem] = []
      references.reserveCapacity(section.items.count)
      for item in section.items {
        references.append(StoredItem(id: item.id, digest: item.digest))
      }
      items += section.items
      sections.append(
        StoredSection(
          id: section.id, shell: section.shellText, digest: section.digest, items: references))
    }
    let feed = StoredFeed(
      top: CanonicalJSONWriter().string(topJSON), digest: digest, sections: sections)
    return (feed, { [items] digests in Self.nodes(digests, of: items) })
  }

  /// The nodes of those of `items` whose digests are asked for. A short feed's items (nearly
  /// every feed's) are looked through for each digest: hashing 64-character digests into a
  /// table, for every snapshot of every owner, cost more than comparing them, which differ in
  /// their first bytes.
  private static func nodes(_ digests: Set<String>, of items: [ItemNode]) -> [String: String] {
    var nodes: [String: String] = [:]
    nodes.reserveCapacity(digests.count)
    if items.count <= 32 {
      for digest in digests {
        if let item = items.first(where: { $0.digest == digest }) {
          nodes[digest] = item.drawnJSON
        }
      }
      return nodes
    }
    var byDigest: [String: Int] = [:]
    byDigest.reserveCapacity(items.count)
    for (index, item) in items.enumerated() { byDigest[item.digest] = index }
    for digest in digests {
      if let index = byDigest[digest] { nodes[digest] = items[index].drawnJSON }
    }
    return nodes
  }

  /// Rebuilds the document a snapshot stored. The store wrote every digest itself, so they are
  /// taken as stored rather than hashed again (`SnapshotMigrationTests` and
  /// `SnapshotStorageTests` check that a checking read gives the same), and each item is made
  /// from its node's stored text (`ItemNode(id:drawnJSON:storedDigest:)`), without the whole
  /// document ever being a JSON tree.
  init(snapshot: Snapshot) throws {
    let feed = snapshot.feed
    var sections: [SectionNode] = []
    sections.reserveCapacity(feed.sections.count)
    for section in feed.sections {
      var items: [ItemNode] = []
      items.reserveCapacity(section.items.count)
      for item in section.items {
        guard let node = snapshot.nodes[item.digest] else {
          throw AccountStoreError.damaged("the stored item with digest \(item.digest) is missing")
        }
        items.append(try ItemNode(id: item.id, drawnJSON: node, storedDigest: item.digest))
      }
      sections.append(
        try SectionNode(
          storedShell: try JSONParser.parse(Array(section.shell.utf8)), items: items,
          storedDigest: section.digest))
    }
    try self.init(
      storedTop: try JSONParser.parse(Array(feed.top.utf8)), sections: sections,
      storedDigest: feed.digest)
  }
}
