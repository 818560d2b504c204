import FeedVocabulary

/// The difference between two feeds as an ordered list of stages, each a valid batch update.
///
/// A client applies the stages one at a time (one `performBatchUpdates` each) and ends at the
/// new feed. Stages exist only where the batch-update rules need them, as UIKit applies them: a
/// reload never shares a stage with a move, nor a section reload with changes to the items of
/// that section, because UIKit places a reload without counting moves. Two equal feeds give no
/// stages. The rules are written out in `docs/diff.md`.
public struct StagedChangeset<Section: DifferentiableSection>: RandomAccessCollection {
  /// The feed the changeset starts from.
  public let source: [Section]
  public let stages: [Changeset<Section>]
  /// What the changeset adds, changes, removes and moves, as the text plan counts it.
  public let summary: ChangeSummary

  /// Diffs `source` against `target`.
  ///
  /// Sections pair by identifier, and elements pair by identifier across the whole feed, so an
  /// element that changes section is a move. Throws when an identifier repeats in either feed.
  @inlinable
  public init(source: [Section], target: [Section]) throws(DuplicateIdentifierError) {
    let matching = try Matching(source: source, target: target)
    let (plans, summary) = StagePlanner.plan(matching)
    let builder = StageBuilder(source: source, target: target, matching: matching)
    var stages: [Changeset<Section>] = []
    stages.reserveCapacity(plans.count)
    // Through the buffer, each plan is borrowed; the array's subscript would copy its eight
    // arrays.
    plans.withUnsafeBufferPointer { plans in
      for i in plans.indices { stages.append(builder.changeset(for: plans[i])) }
    }
    self.source = source
    self.stages = stages
    self.summary = summary
  }

  /// The feed the changeset ends at.
  public var target: [Section] { stages.last?.data ?? source }

  public var startIndex: Int { stages.startIndex }
  public var endIndex: Int { stages.endIndex }
  public subscript(position: Int) -> Changeset<Section> { stages[position] }
}

extension StagedChangeset: Sendable
where
  Section: Sendable, Section.DifferenceIdentifier: Sendable,
  Section.Element.DifferenceIdentifier: Sendable
{}
