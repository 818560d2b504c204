/// A feed as the store keeps it: sections of item references, each item named by its id and the
/// digest of its content, whose node is stored once in `feed_items` however many snapshots show
/// it, or carried by the checkpoint of a short feed's chain (SQL/013).
///
/// The store does not know what a feed means; the caller (the service) turns a rendered document
/// into this tree and back, and keeps the JSON texts canonical. The store only compares
/// references, so a write records what changed rather than the whole screen.
public struct StoredFeed: Hashable, Sendable {
  /// The document's own fields, everything but its sections and digest, as JSON text.
  public var top: String
  /// The whole document's digest: its version.
  public var digest: String
  public var sections: [StoredSection]

  public init(top: String, digest: String, sections: [StoredSection]) {
    self.top = top
    self.digest = digest
    self.sections = sections
  }

  /// How many items the feed's sections hold.
  public var itemCount: Int {
    sections.reduce(0) { $0 + $1.items.count }
  }

  /// Every item digest the feed refers to.
  public var itemDigests: Set<String> {
    var digests = Set<String>(minimumCapacity: itemCount)
    for section in sections {
      for item in section.items { digests.insert(item.digest) }
    }
    return digests
  }
}

/// One section of a stored feed: its shell (the section without items and digest, as JSON text,
/// header and footer included) and its items by reference.
public struct StoredSection: Hashable, Sendable {
  public var id: String
  public var shell: String
  public var digest: String
  public var items: [StoredItem]

  public init(id: String, shell: String, digest: String, items: [StoredItem]) {
    self.id = id
    self.shell = shell
    self.digest = digest
    self.items = items
  }
}

/// An item of a stored feed by reference: where it stands is the snapshot's, what it shows is
/// the node stored under `digest`.
public struct StoredItem: Hashable, Sendable {
  public var id: String
  public var digest: String

  public init(id: String, digest: String) {
    self.id = id
    self.digest = digest
  }
}
