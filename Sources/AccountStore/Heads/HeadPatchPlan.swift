import AccountModel
import FeedVocabulary
import Postgres

/// What a patched write will write, worked out before any row is: which of the head's items
/// the patch replaces (each checked to stand where the patch says), which sections it redraws
/// whole against the head's, and the delta's size against the chain's budget.
struct HeadPatchPlan {
  let patch: SnapshotPatch
  let state: HeadState
  /// Where each replaced item stands in the head.
  let places: [String: FeedHeadRows.Place]
  /// The head's sections the patch draws whole, with their items, by id and in head order.
  let base: [String: StoredSection]
  let redrawnBase: [StoredSection]
  /// The sections the patch draws whole, in screen order.
  let redrawn: [StoredSection]
  /// The replaced items that differ from the head's, by section.
  let changed: [String: [StoredItem]]

  /// The plan for `patch` over `state`, reading where the replaced items stand and the items of
  /// the sections drawn whole (one round trip); nil when an item is not where the patch says.
  static func make(
    _ patch: SnapshotPatch, over state: HeadState, rows: FeedHeadRows, in tx: PostgresTransaction
  ) throws -> HeadPatchPlan? {
    let headIDs = Set(state.head.sections.map(\.id))
    var sectionOfReplaced: [String: String] = [:]
    for case .kept(let sectionID, let items) in patch.sections {
      guard headIDs.contains(sectionID) else { return nil }
      for item in items { sectionOfReplaced[item.id] = sectionID }
    }
    let keptIDs = Set(patch.sections.compactMap(\.keptID))
    let redrawnIDs = state.head.sections.map(\.id).filter { !keptIDs.contains($0) }
    let found = try tx.pipeline([
      rows.places(of: sectionOfReplaced.keys.sorted()), rows.items(of: redrawnIDs),
    ])
    let places = try FeedHeadRows.places(in: found[0])
    guard places.count == sectionOfReplaced.count,
      places.allSatisfy({ sectionOfReplaced[$0.key] == $0.value.sectionID })
    else { return nil }
    let base = baseSections(redrawnIDs, of: state.head, items: try FeedHeadRows.items(in: found[1]))
    return HeadPatchPlan(
      patch: patch, state: state, places: places, base: base,
      redrawnBase: redrawnIDs.compactMap { base[$0] }, redrawn: patch.wholeSections,
      changed: patch.differingItems(from: places))
  }

  /// The head's sections of `ids` as stored sections, with the items read for them.
  private static func baseSections(
    _ ids: [String], of head: FeedHead, items: [String: [StoredItem]]
  ) -> [String: StoredSection] {
    var base: [String: StoredSection] = [:]
    for section in head.sections where ids.contains(section.id) {
      base[section.id] = StoredSection(
        id: section.id, shell: section.shell, digest: section.digest,
        items: items[section.id] ?? [])
    }
    return base
  }

  /// Whether the screen stays as it was: no replaced item differs, and the sections drawn whole
  /// are the head's.
  var changesNothing: Bool {
    changed.isEmpty && redrawn.map(\.id) == redrawnBase.map(\.id)
      && zip(redrawn, redrawnBase).allSatisfy { $0.digest == $1.digest }
  }

  /// The replaced items that differ, in no particular order.
  var changedItems: [StoredItem] { changed.values.flatMap { $0 } }

  /// The head's sections whose items the patch replaces, in head order: the database hashes
  /// each one's digest anew.
  var patchedSections: [HeadSection] { state.head.sections.filter { changed[$0.id] != nil } }

  /// The chain after the delta, nil when it would outgrow its budget. A patched section's
  /// digest is not known before it is written, but its length is.
  var chain: (bytes: Int, length: Int)? {
    let bytes = state.chainBytes + body(digests: [:]).utf8.count
    let length = state.chainLength + 1
    guard bytes <= max(state.checkpointBytes, AccountStore.smallestChainBudget),
      length <= AccountStore.longestChain
    else { return nil }
    return (bytes, length)
  }

  /// The delta's body, given the patched sections' digests.
  func body(digests: [String: String]) -> String {
    SnapshotBody.encode(
      top: patch.top == state.head.top ? nil : patch.top,
      entries: patch.sections.map { section in
        switch section {
        case .whole(let section): .section(section, against: base[section.id])
        case .kept(let sectionID, _):
          changed[sectionID].map {
            .replacing(
              id: sectionID, digest: digests[sectionID] ?? String(repeating: "0", count: 64),
              items: $0)
          } ?? .unchanged(id: sectionID)
        }
      })
  }

  /// The statements that bring the head's rows to the patch, then one per patched section that
  /// hashes its digest from them (the last `patchedSections.count` results).
  func statements(rows: FeedHeadRows) throws -> [PostgresQuery] {
    let dropping = redrawnBase.filter { section in
      !redrawn.contains { $0.id == section.id && $0.digest == section.digest }
    }
    var statements = rows.replacing(changedItems, at: places)
    statements += rows.dropping(dropping.map(\.id), items: dropping.flatMap(\.items))
    statements += rows.adding(redrawn.filter { base[$0.id]?.digest != $0.digest })
    for section in patchedSections {
      statements.append(rows.digest(of: section.id, frame: try patch.digestFrame(section)))
    }
    return statements
  }

  /// The head's sections after the patch, given the patched sections' digests.
  func newSections(digests: [String: String]) -> [HeadSection] {
    let head = Dictionary(state.head.sections.map { ($0.id, $0) }) { _, last in last }
    return patch.sections.compactMap { section in
      switch section {
      case .whole(let section):
        return HeadSection(id: section.id, shell: section.shell, digest: section.digest)
      case .kept(let sectionID, _):
        guard let kept = head[sectionID] else { return nil }
        return HeadSection(
          id: sectionID, shell: kept.shell, digest: digests[sectionID] ?? kept.digest)
      }
    }
  }

  /// What changed: the sections drawn whole as the patcher counts them, and each replaced item
  /// that differs.
  var summary: ChangeSummary {
    var summary = patch.summarize(redrawnBase, redrawn)
    summary.changed += changedItems.count
    return summary
  }

  /// The digests of the nodes the snapshot brings that the head's redrawn sections did not
  /// hold.
  var addedDigests: Set<String> {
    let known = Set(redrawnBase.flatMap { $0.items.map(\.digest) })
    return Set(changedItems.map(\.digest) + redrawn.flatMap { $0.items.map(\.digest) })
      .subtracting(known)
  }
}
