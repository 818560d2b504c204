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
    /// Where each item id stands, built the first time a `set` patches the section and kept
    /// while later bodies only patch it, so a chain of one-item patches costs one item each.
    var positions: [String: Int]?

    init(id: String, shell: String, digest: String, items: Runs) {
      self.id = id
      self.shell = shell
      self.digest = digest
      self.items = items
    }

    /// Replaces the items of the ids `items` names where they stand.
    mutating func set(_ items: [StoredItem]) throws {
      if positions == nil {
        let all = self.items.items
        self.items = Runs()
        self.items.append(all[...])
        var positions: [String: Int] = [:]
        positions.reserveCapacity(all.count)
        for (index, item) in all.enumerated() { positions[item.id] = index }
        self.positions = positions
      }
      for item in items {
        guard let index = positions?[item.id] else {
          throw SnapshotChainError("sets item \"\(item.id)\", which section \"\(id)\" lacks")
        }
        self.items.replace(at: index, with: item)
      }
    }
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

    /// Replaces one item; the runs are a single slice (see `Section.set`), which is mutated in
    /// place once nothing else shares it.
    mutating func replace(at index: Int, with item: StoredItem) {
      slices[0][slices[0].startIndex + index] = item
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
    guard let body = BodyJSON.parse(text)?.object, let sectionValues = body["sections"]?.array
    else { throw SnapshotChainError("is not a snapshot body") }
    if let top = body["top"] {
      guard let top = top.string else { throw SnapshotChainError("has a top that is not text") }
      self.top = top
    }
    // The base sections move into `base` (nothing else keeps them), so a section taken out of
    // it is patched in place rather than copied.
    var base: [String: Section] = [:]
    for section in sections { base[section.id] = section }
    sections = []
    var next: [Section] = []
    next.reserveCapacity(sectionValues.count)
    for value in sectionValues {
      guard let entry = value.object, let id = entry["id"]?.string else {
        throw SnapshotChainError("has a section without an id")
      }
      let old = base.removeValue(forKey: id)
      guard let sectionDigest = entry["digest"]?.string else {
        guard let old else {
          throw SnapshotChainError("keeps section \"\(id)\", which its base lacks")
        }
        next.append(old)
        continue
      }
      guard let shell = entry["shell"]?.string ?? old?.shell else {
        throw SnapshotChainError("has section \"\(id)\" without a shell")
      }
      if let sets = entry["set"] {
        guard var section = old, entry["items"] == nil, entry["shell"] == nil else {
          throw SnapshotChainError("sets items of section \"\(id)\" it does not keep")
        }
        section.digest = sectionDigest
        try section.set(try Self.items(sets))
        next.append(section)
        continue
      }
      var items = Runs()
      if let ops = entry["items"] {
        guard let ops = ops.array else {
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

  /// A list of `[id, digest]` pairs.
  private static func items(_ value: BodyJSON) throws -> [StoredItem] {
    guard let pairs = value.array else {
      throw SnapshotChainError("has a set that is not a list")
    }
    return try pairs.map { pair in
      guard let pair = pair.array, pair.count == 2, let id = pair[0].string,
        let digest = pair[1].string
      else { throw SnapshotChainError("sets an item that is not an [id, digest] pair") }
      return StoredItem(id: id, digest: digest)
    }
  }

  private func apply(_ ops: [BodyJSON], over base: Runs, into result: inout Runs) throws {
    var pending: [StoredItem] = []
    for op in ops {
      guard let pair = op.array, pair.count == 2 else {
        throw SnapshotChainError("has an item op that is not a pair")
      }
      if let id = pair[0].string, let digest = pair[1].string {
        pending.append(StoredItem(id: id, digest: digest))
      } else if let start = pair[0].integer, let length = pair[1].integer {
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
