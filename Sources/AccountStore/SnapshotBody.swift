import Foundation

/// How a snapshot's feed is written in `feed_snapshots.body` (jsonb): a **checkpoint** holds the
/// whole tree of references, a **delta** only what differs from the screen's previous snapshot.
///
/// `{"top"?: text, "sections": [{"id", "digest"?, "shell"?, "items"?: [op]}]}`, sections in
/// order. In a delta a missing `top` is the base's; a section with only an `id` is the base's
/// section of that id unchanged; a missing `shell` or `items` is the base section's. An item op is
/// `[start, count]` (copy that run of the base section's items) or `[id, digest]` (an item).
/// A checkpoint is a delta against nothing, so one reader handles both.
///
/// A one-item change costs one section entry with three ops, whatever the feed's size.
enum SnapshotBody {
  /// The body that turns `base` into `feed` (a checkpoint when `base` is nil).
  static func encode(_ feed: StoredFeed, against base: StoredFeed?) -> String {
    var text = "{"
    if base?.top != feed.top {
      text += "\"top\":" + quoted(feed.top) + ","
    }
    text += "\"sections\":["
    var baseSections: [String: StoredSection] = [:]
    for section in base?.sections ?? [] { baseSections[section.id] = section }
    for (index, section) in feed.sections.enumerated() {
      if index > 0 { text += "," }
      text += "{\"id\":" + quoted(section.id)
      let old = baseSections[section.id]
      if old != section {
        text += ",\"digest\":" + quoted(section.digest)
        if old?.shell != section.shell { text += ",\"shell\":" + quoted(section.shell) }
        if old?.items != section.items {
          text += ",\"items\":["
          appendOps(from: old?.items ?? [], to: section.items, into: &text)
          text += "]"
        }
      }
      text += "}"
    }
    return text + "]}"
  }

  /// Copy runs for what `target` keeps of `source` in order, the rest as items.
  private static func appendOps(
    from source: [StoredItem], to target: [StoredItem], into text: inout String
  ) {
    var positions: [String: Int] = [:]
    positions.reserveCapacity(source.count)
    for (index, item) in source.enumerated() { positions[item.id] = index }
    var index = 0
    var first = true
    while index < target.count {
      if !first { text += "," }
      first = false
      let item = target[index]
      if let start = positions[item.id], source[start] == item {
        var length = 1
        while index + length < target.count, start + length < source.count,
          source[start + length] == target[index + length]
        {
          length += 1
        }
        text += "[\(start),\(length)]"
        index += length
      } else {
        text += "[" + quoted(item.id) + "," + quoted(item.digest) + "]"
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
