import Foundation

/// Rebuilds a feed from a checkpoint and the deltas after it (see `SnapshotBody`).
///
/// Items are kept as runs over the arrays the bodies brought (`ArraySlice`s sharing their
/// storage), so a copy op costs the runs it spans, not the items: a long chain of one-item deltas
/// over a large feed is applied without copying the feed once per delta.
struct SnapshotChain {
  private(set) var top = ""
  private(set) var digest = ""
  private var sections: [Section] = []

  private struct Section {
    var id: String
    var shell: String
    var digest: String
    var items: Runs
  }

  /// A list of items as runs of slices, with the running end offset of each run.
  struct Runs {
    var slices: [ArraySlice<StoredItem>] = []
    var ends: [Int] = []

    var count: Int { ends.last ?? 0 }

    mutating func append(_ slice: ArraySlice<StoredItem>) {
      guard !slice.isEmpty else { return }
      let end = count + slice.count
      slices.append(slice)
      ends.append(end)
    }

    /// Appends the items `start..<start+length` of `self` to `result`.
    func copy(_ start: Int, _ length: Int, into result: inout Runs) throws {
      guard start >= 0, length > 0, start + length <= count else {
        throw SnapshotChainError("copies items \(start)..<\(start + length) of \(count)")
      }
      var low = 0
      var high = ends.count - 1
      while low < high {
        let middle = (low + high) / 2
        if ends[middle] > start { high = middle } else { low = middle + 1 }
      }
      var position = start
      var remaining = length
      var index = low
      while remaining > 0 {
        let slice = slices[index]
        let offset = position - (ends[index] - slice.count)
        let take = min(slice.count - offset, remaining)
        let from = slice.startIndex + offset
        result.append(slice[from..<from + take])
        position += take
        remaining -= take
        index += 1
      }
    }

    var items: [StoredItem] {
      var items: [StoredItem] = []
      items.reserveCapacity(count)
      for slice in slices { items.append(contentsOf: slice) }
      return items
    }
  }

  /// Applies one body (a checkpoint when the chain is empty) whose feed has `digest`.
  mutating func apply(body text: String, digest: String) throws {
    guard
      let body = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let sectionValues = body["sections"] as? [Any]
    else { throw SnapshotChainError("is not a snapshot body") }
    if let top = body["top"] {
      guard let top = top as? String else { throw SnapshotChainError("has a top that is not text") }
      self.top = top
    }
    var base: [String: Section] = [:]
    for section in sections { base[section.id] = section }
    var next: [Section] = []
    next.reserveCapacity(sectionValues.count)
    for value in sectionValues {
      guard let entry = value as? [String: Any], let id = entry["id"] as? String else {
        throw SnapshotChainError("has a section without an id")
      }
      let old = base[id]
      guard let sectionDigest = entry["digest"] as? String else {
        guard let old else {
          throw SnapshotChainError("keeps section \"\(id)\", which its base lacks")
        }
        next.append(old)
        continue
      }
      guard let shell = entry["shell"] as? String ?? old?.shell else {
        throw SnapshotChainError("has section \"\(id)\" without a shell")
      }
      var items = Runs()
      if let ops = entry["items"] {
        guard let ops = ops as? [Any] else {
          throw SnapshotChainError("has items that are not a list")
        }
        try apply(ops, over: old?.items ?? Runs(), into: &items)
      } else if let old {
        items = old.items
      }
      next.append(Section(id: id, shell: shell, digest: sectionDigest, items: items))
    }
    sections = next
    self.digest = digest
  }

  private func apply(_ ops: [Any], over base: Runs, into result: inout Runs) throws {
    var pending: [StoredItem] = []
    for op in ops {
      guard let pair = op as? [Any], pair.count == 2 else {
        throw SnapshotChainError("has an item op that is not a pair")
      }
      if let id = pair[0] as? String, let digest = pair[1] as? String {
        pending.append(StoredItem(id: id, digest: digest))
      } else if let start = pair[0] as? Int, let length = pair[1] as? Int {
        result.append(pending[...])
        pending = []
        try base.copy(start, length, into: &result)
      } else {
        throw SnapshotChainError("has an item op that is neither a run nor an item")
      }
    }
    result.append(pending[...])
  }

  /// The feed the chain has reached.
  var feed: StoredFeed {
    StoredFeed(
      top: top, digest: digest,
      sections: sections.map {
        StoredSection(id: $0.id, shell: $0.shell, digest: $0.digest, items: $0.items.items)
      })
  }
}

/// A stored body the chain cannot read: the database was edited by hand or is damaged.
struct SnapshotChainError: Error, CustomStringConvertible {
  let reason: String

  init(_ reason: String) {
    self.reason = reason
  }

  var description: String { "the stored snapshot body \(reason)" }
}
