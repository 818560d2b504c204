import FeedDiff
import StageCheckSupport
import Testing

/// The diff's central promise, checked on 10,000 seeded random pairs of feeds.
struct ApplyPropertyTests {
  static let caseCount = 10_000

  @Test func applyingTheChangesetToTheOldFeedGivesTheNewFeed() throws {
    var feeds = RandomFeeds(seed: 0x5EED_0001)
    var failures: [String] = []
    for n in 0..<Self.caseCount {
      let (old, new) = try feeds.pair(case: n)
      let changeset = try StagedChangeset(source: old, target: new)
      if try apply(changeset, to: old) != new { failures.append("case \(n)") }
    }
    let failureCount = failures.count
    #expect(failureCount == 0, "apply differs from the new feed in \(failures.prefix(3))")
  }

  @Test func everyStageObeysTheBatchUpdateRules() throws {
    var feeds = RandomFeeds(seed: 0x5EED_0001)
    var failures: [String] = []
    for n in 0..<Self.caseCount {
      let (old, new) = try feeds.pair(case: n)
      let changeset = try StagedChangeset(source: old, target: new)
      failures += StageChecker.problems(in: changeset).map { "case \(n): \($0)" }
    }
    let failureCount = failures.count
    #expect(failureCount == 0, "\(failures.prefix(3))")
  }

  @Test func keepingReloadsApartAddsAtMostTwoStages() throws {
    var feeds = RandomFeeds(seed: 0x5EED_0004)
    for n in 0..<Self.caseCount {
      let (old, new) = try feeds.pair(case: n)
      let staged = try StagedChangeset(source: old, target: new).count
      let structural = try StagedChangeset(source: old, target: withoutUpdates(new, from: old))
        .count
      #expect(staged <= structural + 2, "case \(n)")
    }
  }

  @Test func itemUpdatesAddNoStageWhenNothingMovesAndNoHeaderChanges() throws {
    var feeds = RandomFeeds(seed: 0x5EED_0005)
    var checked = 0
    for n in 0..<Self.caseCount {
      let (old, new) = try feeds.pair(case: n)
      let changeset = try StagedChangeset(source: old, target: new)
      guard
        changeset.allSatisfy({
          $0.elementMoved.isEmpty && $0.sectionMoved.isEmpty && $0.sectionUpdated.isEmpty
        })
      else { continue }
      checked += 1
      let structural = try StagedChangeset(source: old, target: withoutUpdates(new, from: old))
      // Updates alone are one stage; otherwise they join the first structural stage.
      #expect(changeset.count == max(structural.count, 1) || changeset.isEmpty, "case \(n)")
    }
    #expect(checked > 1_000)
  }

  @Test func theLastStageHoldsTheNewFeed() throws {
    var feeds = RandomFeeds(seed: 0x5EED_0002)
    for n in 0..<1_000 {
      let (old, new) = try feeds.pair(case: n)
      #expect(try StagedChangeset(source: old, target: new).target == new)
    }
  }

  @Test func movesNeverExceedTheItemsThatChangedPlace() throws {
    var feeds = RandomFeeds(seed: 0x5EED_0003)
    for n in 0..<1_000 {
      let (old, new) = try feeds.pair(case: n)
      let changeset = try StagedChangeset(source: old, target: new)
      let moved = changeset.stages.reduce(0) { $0 + $1.elementMoved.count }
      #expect(moved <= relocatedItemBound(old, new))
    }
  }
}

/// Items in both feeds minus those that stay in their section and keep their relative order in
/// a greedy (not necessarily longest) pass: an upper bound for the moves a minimal diff needs.
private func relocatedItemBound(_ old: [Group], _ new: [Group]) -> Int {
  var oldPlace: [String: (section: String, index: Int)] = [:]
  for section in old {
    for (i, item) in section.elements.enumerated() { oldPlace[item.id] = (section.id, i) }
  }
  var bound = 0
  for section in new {
    var last = -1
    for item in section.elements {
      guard let place = oldPlace[item.id] else { continue }
      if place.section == section.id && place.index > last {
        last = place.index
      } else {
        bound += 1
      }
    }
  }
  return bound
}

/// `new` with every section and item that is also in `old` carrying its old content: the same
/// structural change without any update.
private func withoutUpdates(_ new: [Group], from old: [Group]) -> [Group] {
  var titles: [String: String] = [:]
  var labels: [String: String] = [:]
  for section in old {
    titles[section.id] = section.title
    for item in section.elements { labels[item.id] = item.label }
  }
  return new.map { section in
    Group(
      section.id, title: titles[section.id] ?? section.title,
      section.elements.map { Item($0.id, labels[$0.id] ?? $0.label) })
  }
}
