import SplitMix

/// Random pairs of feeds for the property tests, covering every kind of change.
///
/// Case `n` picks a shape by `n % 10`: everything new from an empty feed, everything removed,
/// full reversal, every item replaced, and otherwise a random mix of section and item inserts,
/// deletes, updates, in-section and cross-section moves (including items whose section is
/// deleted or whose new section is inserted).
struct RandomFeeds {
  private var rng: SplitMix64
  private var counter = 0

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  mutating func pair(case n: Int) -> (old: [Group], new: [Group]) {
    let old = randomFeed()
    switch n % 10 {
    case 0: return ([], old)
    case 1: return (old, [])
    case 2: return (old, old.reversed().map { Group(source: $0, elements: $0.elements.reversed()) })
    case 3:
      return (old, old.map { Group(source: $0, elements: $0.elements.map { _ in newItem() }) })
    default: return (old, mutated(old))
    }
  }

  private mutating func newItem() -> Item {
    counter += 1
    return Item("i\(counter)", "v\(rng.below(3))")
  }

  private mutating func newSection() -> Group {
    counter += 1
    var elements: [Item] = []
    for _ in 0..<rng.below(6) { elements.append(newItem()) }
    return Group("s\(counter)", title: "t\(rng.below(3))", elements)
  }

  private mutating func randomFeed() -> [Group] {
    var feed: [Group] = []
    for _ in 0..<rng.below(6) { feed.append(newSection()) }
    return feed
  }

  private mutating func mutated(_ old: [Group]) -> [Group] {
    var travellers: [Item] = []
    var feed: [Group] = []
    for section in old {
      if rng.chance(15) {
        if rng.chance(50) { travellers += section.elements.filter { _ in rng.chance(50) } }
        continue
      }
      var kept = section
      if rng.chance(20) { kept.title += "'" }
      kept.elements = []
      for var item in section.elements {
        if rng.chance(15) { continue }
        if rng.chance(15) { item.label += "'" }
        if rng.chance(10) {
          travellers.append(item)
        } else {
          kept.elements.append(item)
        }
      }
      feed.append(kept)
    }
    for _ in 0..<rng.below(3) { feed.insert(newSection(), at: rng.below(feed.count + 1)) }
    if feed.count > 1 && rng.chance(30) {
      feed.swapAt(rng.below(feed.count), rng.below(feed.count))
    }
    if rng.chance(10) { feed.shuffle(using: &rng) }
    guard !feed.isEmpty else { return feed }
    for s in feed.indices {
      var elements = feed[s].elements
      if elements.count > 1 && rng.chance(30) {
        let item = elements.remove(at: rng.below(elements.count))
        elements.insert(item, at: rng.below(elements.count + 1))
      }
      if rng.chance(10) { elements.shuffle(using: &rng) }
      for _ in 0..<rng.below(3) { elements.insert(newItem(), at: rng.below(elements.count + 1)) }
      feed[s].elements = elements
    }
    for item in travellers {
      let s = rng.below(feed.count)
      feed[s].elements.insert(item, at: rng.below(feed[s].elements.count + 1))
    }
    return feed
  }
}
