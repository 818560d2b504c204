import Foundation

extension StagedChangeset
where
  Section.DifferenceIdentifier: CustomStringConvertible,
  Section.Element.DifferenceIdentifier: CustomStringConvertible
{
  /// The changeset as canonical JSON (schema `feeddiff.changeset/1`, see `docs/diff.md`).
  ///
  /// Keys are sorted and slashes are not escaped, so equal changesets give byte-identical output
  /// in every process. Stages carry changes only: a client holding the old and new feeds rebuilds
  /// each intermediate feed by applying the stages in order. A client holding only the old feed
  /// needs `feeddiff.changeset/2` (module `FeedWire`), which adds the content and both digests.
  public func jsonData() throws -> Data {
    let document = ChangesetDocument(
      schema: "feeddiff.changeset/1",
      stages: stages.map { StageDocument($0) },
      summary: SummaryDocument(
        add: summary.added, change: summary.changed, remove: summary.removed,
        move: summary.moved))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(document)
  }
}

private struct ChangesetDocument: Encodable {
  var schema: String
  var stages: [StageDocument]
  var summary: SummaryDocument
}

private struct SummaryDocument: Encodable {
  var add: Int
  var change: Int
  var remove: Int
  var move: Int
}

private struct StageDocument: Encodable {
  var sections: SectionChanges
  var items: ItemChanges

  struct SectionEntry: Encodable {
    var id: String
    var index: Int
  }

  struct SectionMoveEntry: Encodable {
    var id: String
    var from: Int
    var to: Int
  }

  struct SectionChanges: Encodable {
    var deleted: [SectionEntry]
    var inserted: [SectionEntry]
    var updated: [SectionEntry]
    var moved: [SectionMoveEntry]
  }

  struct ItemPlace: Encodable {
    var section: String
    var path: [Int]
  }

  struct ItemEntry: Encodable {
    var id: String
    var section: String
    var path: [Int]
  }

  struct ItemMoveEntry: Encodable {
    var id: String
    var from: ItemPlace
    var to: ItemPlace
  }

  struct ItemChanges: Encodable {
    var deleted: [ItemEntry]
    var inserted: [ItemEntry]
    var updated: [ItemEntry]
    var moved: [ItemMoveEntry]
  }

  init<Section>(_ stage: Changeset<Section>)
  where
    Section.DifferenceIdentifier: CustomStringConvertible,
    Section.Element.DifferenceIdentifier: CustomStringConvertible
  {
    func section(_ change: SectionChange<Section.DifferenceIdentifier>) -> SectionEntry {
      SectionEntry(id: change.id.description, index: change.index)
    }
    func item(
      _ change: ElementChange<Section.DifferenceIdentifier, Section.Element.DifferenceIdentifier>
    ) -> ItemEntry {
      ItemEntry(
        id: change.id.description, section: change.sectionID.description,
        path: [change.path.section, change.path.element])
    }
    sections = SectionChanges(
      deleted: stage.sectionDeleted.map(section),
      inserted: stage.sectionInserted.map(section),
      updated: stage.sectionUpdated.map(section),
      moved: stage.sectionMoved.map {
        SectionMoveEntry(id: $0.id.description, from: $0.source, to: $0.target)
      })
    items = ItemChanges(
      deleted: stage.elementDeleted.map(item),
      inserted: stage.elementInserted.map(item),
      updated: stage.elementUpdated.map(item),
      moved: stage.elementMoved.map {
        ItemMoveEntry(
          id: $0.id.description,
          from: ItemPlace(
            section: $0.sourceSectionID.description, path: [$0.source.section, $0.source.element]),
          to: ItemPlace(
            section: $0.targetSectionID.description, path: [$0.target.section, $0.target.element]))
      })
  }
}
