import FeedComponents
import FeedDiff
import FeedWire

/// Two feeds and the staged changeset between them: what `diff` prints as a plan for people or
/// as `feeddiff.changeset/2` for a client.
public struct FeedComparison: Sendable {
  public let source: FeedDocument
  public let target: FeedDocument
  public let changeset: StagedChangeset<DiffSection>

  public init(source: FeedDocument, target: FeedDocument) throws {
    self.source = source
    self.target = target
    self.changeset = try StagedChangeset(
      source: DiffSection.sections(of: source), target: DiffSection.sections(of: target))
  }

  /// The self-contained changeset a client holding `source` applies to reach `target`.
  public var wire: WireChangeset {
    WireChangeset(changeset, base: source, target: target)
  }
}
