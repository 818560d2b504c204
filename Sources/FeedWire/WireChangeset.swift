import FeedComponents
import FeedDiff
import FeedVocabulary

/// A `feeddiff.changeset/2`: everything a client holding only the base document needs to rebuild
/// the target byte for byte, one batch update per stage.
///
/// It names both documents by their digest (their version, see `docs/wire.md`), carries the
/// target's top-level fields, and the full node of everything inserted or updated. Deletes and
/// moves carry ids and indices only: the client already holds what leaves or moves.
public struct WireChangeset: Hashable, Sendable {
  /// The `schema` marker of this format.
  public static let schemaName = "feeddiff.changeset/2"
  /// The content-free format `StagedChangeset.jsonData()` writes; it cannot be applied.
  public static let contentFreeSchemaName = "feeddiff.changeset/1"

  /// The digest of the document the changeset applies to.
  public let base: String
  /// The digest of the document it ends at.
  public let target: String
  /// The target's `owner`.
  public let owner: String
  /// The target's version.
  public let version: SchemaVersion
  /// The target's top-level fields from a newer minor version.
  public let additionalFields: [String: JSONValue]
  public let stages: [WireStage]
  /// The same counts as the text plan's last line.
  public let summary: ChangeSummary

  public init(
    base: String, target: String, owner: String, version: SchemaVersion,
    additionalFields: [String: JSONValue], stages: [WireStage], summary: ChangeSummary
  ) {
    self.base = base
    self.target = target
    self.owner = owner
    self.version = version
    self.additionalFields = additionalFields
    self.stages = stages
    self.summary = summary
  }

  /// The changeset from `base` to `target`, staged by `FeedDiff`.
  public init(from base: FeedDocument, to target: FeedDocument) {
    // A FeedDocument's ids are valid and unique by construction, so the diff never finds a repeat.
    guard
      let staged = try? StagedChangeset(
        source: DiffSection.sections(of: base), target: DiffSection.sections(of: target))
    else { preconditionFailure("a FeedDocument cannot hold a repeated id") }
    self.init(staged, base: base, target: target)
  }

  /// `staged`, computed from `base` to `target`, with the content a client needs.
  public init(_ staged: StagedChangeset<DiffSection>, base: FeedDocument, target: FeedDocument) {
    var targetItems: [String: ItemNode] = [:]
    for section in target.sections {
      for item in section.items { targetItems[item.id] = item }
    }
    let targetSections = Dictionary(uniqueKeysWithValues: target.sections.map { ($0.id, $0) })
    self.init(
      base: base.digest, target: target.digest, owner: target.owner, version: target.version,
      additionalFields: target.additionalFields,
      stages: staged.stages.map {
        WireStage($0, targetItems: targetItems, targetSections: targetSections)
      },
      summary: staged.summary)
  }
}
