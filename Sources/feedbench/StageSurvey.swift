import FeedDiff
import SplitMix

/// `feedbench stages [--pairs N]`: how many stages the UIKit-safe staging costs.
///
/// Diffs N seeded random pairs of small sectioned feeds (the kinds of change of the property
/// tests: section and item inserts, deletes, header and item updates, moves within and between
/// sections, items leaving deleted and joining inserted sections) and prints how many pairs gave
/// each stage count. For comparison it also diffs each pair with the updates taken out (every
/// paired item and section keeps its old content): the stages the structure alone needs, so the
/// difference is what keeping reloads apart from moves and section changes adds.
enum StageSurvey {
  static func run(arguments: [String]) throws {
    var pairs = 10_000
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--pairs":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          throw DiffBenchmarkError(message: "--pairs needs a positive number")
        }
        pairs = value
      default:
        throw DiffBenchmarkError(
          message: "unknown option \(argument); usage: feedbench stages [--pairs N]")
      }
    }
    var generator = SurveyFeeds(seed: 0x5EED_5746)
    var withUpdates: [Int: Int] = [:]
    var structural: [Int: Int] = [:]
    var added: [Int: Int] = [:]
    var total = (stages: 0, structural: 0)
    for _ in 0..<pairs {
      let (old, new) = generator.pair()
      let stages = try StagedChangeset(source: old, target: new).count
      let bare = try StagedChangeset(source: old, target: withoutUpdates(new, from: old)).count
      withUpdates[stages, default: 0] += 1
      structural[bare, default: 0] += 1
      added[stages - bare, default: 0] += 1
      total.stages += stages
      total.structural += bare
    }
    print("\(pairs) random pairs of sectioned feeds (0-5 sections of 0-5 items)")
    print("stages  pairs  pairs without updates")
    for count in Set(withUpdates.keys).union(structural.keys).sorted() {
      print(
        String(count).leftPadded(6) + String(withUpdates[count, default: 0]).leftPadded(7)
          + String(structural[count, default: 0]).leftPadded(23))
    }
    print(
      "mean stages \(DiffBenchmark.format(Double(total.stages) / Double(pairs))), without "
        + "updates \(DiffBenchmark.format(Double(total.structural) / Double(pairs)))")
    print(
      "stages added by keeping reloads apart: "
        + added.keys.sorted().map { "+\($0): \(added[$0]!) pairs" }.joined(separator: ", "))
  }

  /// `new` with every paired section and item carrying its old content.
  private static func withoutUpdates(_ new: [DiffBenchSection], from old: [DiffBenchSection])
    -> [DiffBenchSection]
  {
    var headers: [String: UInt64] = [:]
    var digests: [String: UInt64] = [:]
    for section in old {
      headers[section.id] = section.header
      for item in section.elements { digests[item.id] = item.digest }
    }
    return new.map { section in
      DiffBenchSection(
        id: section.id, header: headers[section.id] ?? section.header,
        elements: section.elements.map {
          DiffBenchItem(id: $0.id, digest: digests[$0.id] ?? $0.digest)
        })
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

/// Random pairs of small sectioned feeds for the survey.
private struct SurveyFeeds {
  var random: SplitMix64
  var counter = 0

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

  mutating func item() -> DiffBenchItem {
    counter += 1
    return DiffBenchItem(id: "item/\(counter)", digest: UInt64(random.below(3)))
  }

  mutating func section() -> DiffBenchSection {
    counter += 1
    let items = (0..<random.below(6)).map { _ in item() }
    return DiffBenchSection(id: "section/\(counter)", header: 0, elements: items)
  }

  mutating func pair() -> (old: [DiffBenchSection], new: [DiffBenchSection]) {
    let old = (0..<random.below(6)).map { _ in section() }
    var travellers: [DiffBenchItem] = []
    var new: [DiffBenchSection] = []
    for var kept in old {
      if chance(15) {
        if chance(50) { travellers += kept.elements.filter { _ in chance(50) } }
        continue
      }
      if chance(20) { kept.header &+= 1 }
      var elements: [DiffBenchItem] = []
      for var item in kept.elements where !chance(15) {
        if chance(15) { item.digest &+= 1 }
        if chance(10) { travellers.append(item) } else { elements.append(item) }
      }
      kept.elements = elements
      new.append(kept)
    }
    for _ in 0..<random.below(3) { new.insert(section(), at: random.below(new.count + 1)) }
    if new.count > 1 && chance(30) { new.swapAt(random.below(new.count), random.below(new.count)) }
    guard !new.isEmpty else { return (old, new) }
    for s in new.indices {
      if new[s].elements.count > 1 && chance(30) {
        let item = new[s].elements.remove(at: random.below(new[s].elements.count))
        new[s].elements.insert(item, at: random.below(new[s].elements.count + 1))
      }
      for _ in 0..<random.below(3) {
        new[s].elements.insert(item(), at: random.below(new[s].elements.count + 1))
      }
    }
    for traveller in travellers {
      let s = random.below(new.count)
      new[s].elements.insert(traveller, at: random.below(new[s].elements.count + 1))
    }
    return (old, new)
  }
}
