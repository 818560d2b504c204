import Foundation

/// How a snapshot's feed is written in `feed_snapshots.body` (compact JSON text): a **checkpoint** holds the
/// whole tree of references, a **delta** only what differs from the screen's previous snapshot.
///
/// `{"top"?: text, "sections": [{"id", "digest"?, "shell"?, "items"?: [op], "set"?: [item]}]}`,
/// sections in order. In a delta a missing `top` is the base's; a section with only an `id` is
/// the base's section of that id unchanged; a missing `shell` or `items` is the base section's.
/// An item op is `[start, count]` (copy that run of the base section's items) or `[id, digest]`
/// (an item). `set` lists `[id, digest]` items that replace the items of those ids where they
/// stand (a write patched in place knows ids, not positions: see `AccountStore+FeedHeads`).
/// A checkpoint is a delta against nothing, so one reader handles both.
///
/// A one-item change costs one section entry with one item, whatever the feed's size.
enum SnapshotBody {
  /// One section of a body written from parts rather than from two whole feeds.
  enum Entry {
    /// The base's section of that id, unchanged.
    case unchanged(id: String)
    /// `section`, written against the base's `old` section of its id (nil when new).
    case section(StoredSection, against: StoredSection?)
    /// The base's section of that id with a new digest and these items replaced by id.
    case replacing(id: String, digest: String, items: [StoredItem])
  }

  /// The body of a delta written from parts; `top` only when it changed.
  static func encode(top: String?, entries: [Entry]) -> String {
    var text = JSONTextBuffer()
    text.raw("{")
    if let top {
      text.raw("\"top\":")
      text.string(top)
      text.raw(",")
    }
    text.raw("\"sections\":[")
    for (index, entry) in entries.enumerated() {
      if index > 0 { text.raw(",") }
      switch entry {
      case .unchanged(let id):
        text.raw("{\"id\":")
        text.string(id)
        text.raw("}")
      case .section(let section, let old):
        append(section, against: old, into: &text)
      case .replacing(let id, let digest, let items):
        text.raw("{\"id\":")
        text.string(id)
        appendSet(digest: digest, items: items, into: &text)
        text.raw("}")
      }
    }
    text.raw("]}")
    return text.text
  }

  /// The body that turns `base` into `feed` (a checkpoint when `base` is nil).
  static func encode(_ feed: StoredFeed, against base: StoredFeed?) -> String {
    var text = JSONTextBuffer()
    text.raw("{")
    if base?.top != feed.top {
      text.raw("\"top\":")
      text.string(feed.top)
      text.raw(",")
    }
    text.raw("\"sections\":[")
    var baseSections: [String: StoredSection] = [:]
    for section in base?.sections ?? [] { baseSections[section.id] = section }
    for (index, section) in feed.sections.enumerated() {
      if index > 0 { text.raw(",") }
      append(section, against: baseSections[section.id], into: &text)
    }
    text.raw("]}")
    return text.text
  }

  /// One section entry: only its id when it equals `old`, else what differs from it.
  private static func append(
    _ section: StoredSection, against old: StoredSection?, into text: inout JSONTextBuffer
  ) {
    text.raw("{\"id\":")
    text.string(section.id)
    if let old, old != section, old.shell == section.shell,
      let changed = replaced(from: old.items, to: section.items)
    {
      appendSet(digest: section.digest, items: changed, into: &text)
    } else if old != section {
      text.raw(",\"digest\":")
      text.string(section.digest)
      if old?.shell != section.shell {
        text.raw(",\"shell\":")
        text.string(section.shell)
      }
      if old?.items != section.items {
        text.raw(",\"items\":[")
        appendOps(from: old?.items ?? [], to: section.items, into: &text)
        text.raw("]")
      }
    }
    text.raw("}")
  }

  /// `,"digest":…,"set":[[id,digest],…]`: the section's new digest and the items it replaces.
  private static func appendSet(
    digest: String, items: [StoredItem], into text: inout JSONTextBuffer
  ) {
    text.raw(",\"digest\":")
    text.string(digest)
    text.raw(",\"set\":[")
    for (index, item) in items.enumerated() {
      if index > 0 { text.raw(",") }
      appendItem(item, into: &text)
    }
    text.raw("]")
  }

  private static func appendItem(_ item: StoredItem, into text: inout JSONTextBuffer) {
    text.raw("[")
    text.string(item.id)
    text.raw(",")
    text.string(item.digest)
    text.raw("]")
  }

  /// The items of `target` that differ from `source`'s, when every item kept its place and at
  /// most a few changed (then `set` says less than copy runs do); nil otherwise.
  private static func replaced(from source: [StoredItem], to target: [StoredItem])
    -> [StoredItem]?
  {
    guard source.count == target.count else { return nil }
    var changed: [StoredItem] = []
    for (before, after) in zip(source, target) where before != after {
      guard before.id == after.id, changed.count < 8 else { return nil }
      changed.append(after)
    }
    return changed.isEmpty ? nil : changed
  }

  /// Copy runs for what `target` keeps of `source` in order, the rest as items.
  private static func appendOps(
    from source: [StoredItem], to target: [StoredItem], into text: inout JSONTextBuffer
  ) {
    // A checkpoint's sections, every section of a first snapshot: nothing to copy from.
    if source.isEmpty {
      for (index, item) in target.enumerated() {
        if index > 0 { text.raw(",") }
        appendItem(item, into: &text)
      }
      return
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(source.count)
    for (index, item) in source.enumerated() { positions[item.id] = index }
    var index = 0
    var first = true
    while index < target.count {
      if !first { text.raw(",") }
      first = false
      let item = target[index]
      if let start = positions[item.id], source[start] == item {
        var length = 1
        while index + length < target.count, start + length < source.count,
          source[start + length] == target[index + length]
        {
          length += 1
        }
        text.raw("[")
        text.number(start)
        text.raw(",")
        text.number(length)
        text.raw("]")
        index += length
      } else {
        appendItem(item, into: &text)
        index += 1
      }
    }
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var buffer = JSONTextBuffer()
    buffer.string(text)
    return buffer.text
  }
}
