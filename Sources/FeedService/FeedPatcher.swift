import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents

/// Draws a write's snapshot in place for the store (see `SnapshotPatcher`) with the service's
/// assembler: the small sections whole, the changed accounts' items alone, and nothing of the
/// accounts the write did not touch.
struct FeedPatcher: SnapshotPatcher {
  let assembler: FeedAssembler
  /// `assembler.fingerprint()`, worked out once by the service.
  let fingerprint: String
  let reason: String

  func keepsPlaces(_ change: StoreChange) -> Bool {
    assembler.layout.keepsPlaces(change)
  }

  func patch(_ rows: ChangedRows, over head: FeedHead) throws -> SnapshotPatch? {
    let plan = assembler.patchPlan(for: rows)
    var drawn: [Section] = []
    for case .drawn(let section) in plan.parts { drawn.append(section) }
    var itemSectionIDs: [String] = []
    var components: [String: [AnyComponent]] = [:]
    for (sectionID, component) in plan.items {
      if components[sectionID] == nil { itemSectionIDs.append(sectionID) }
      components[sectionID, default: []].append(component)
    }
    guard Set(drawn.map(\.id)).isDisjoint(with: itemSectionIDs) else { return nil }
    // The drawn sections and the changed items render as one document, so their ids are
    // checked as a feed's are.
    let document = try Feed(
      owner: rows.owner.id,
      sections: drawn
        + itemSectionIDs.map { sectionID in Section(id: sectionID) { components[sectionID] ?? [] } }
    ).render(environment: assembler.environment)
    let (feed, nodes) = document.stored
    var drawnByID: [String: StoredSection] = [:]
    var replacing: [String: [StoredItem]] = [:]
    for section in feed.sections {
      if components[section.id] != nil {
        replacing[section.id] = section.items
      } else {
        drawnByID[section.id] = section
      }
    }
    var sections: [SnapshotPatch.Section] = []
    for part in plan.parts {
      if case .drawn(let section) = part {
        guard let stored = drawnByID[section.id] else { return nil }
        sections.append(.whole(stored))
        continue
      }
      for kept in head.sections where FeedAssembler.section(kept.id, isPartOf: part) {
        sections.append(.kept(id: kept.id, replacing: replacing.removeValue(forKey: kept.id) ?? []))
      }
    }
    // An item for a section the head does not have: the accounts stand differently.
    guard replacing.isEmpty else { return nil }
    return SnapshotPatch(
      top: feed.top, sections: sections, nodes: nodes(feed.itemDigests),
      digestFrame: { section in
        try SectionNode.digestFrame(shell: try JSONParser.parse(Array(section.shell.utf8)))
      },
      documentDigest: { FeedDocument.digest(ofSections: $0) },
      summarize: { base, new in
        StoredFeedSection.summary(
          from: StoredFeed(top: "", digest: "", sections: base),
          to: StoredFeed(top: "", digest: "", sections: new))
      },
      reason: reason)
  }
}
