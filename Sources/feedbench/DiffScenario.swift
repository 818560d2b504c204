import SplitMix

/// One generated pair of feeds to diff, and how many things the generator really relocated.
struct DiffScenario {
  let name: String
  let old: [DiffBenchSection]
  let new: [DiffBenchSection]
  /// Elements (and sections) the generator put somewhere else: the most moves a minimal diff
  /// may report.
  let relocated: Int

  var items: Int { old.reduce(0) { $0 + $1.elements.count } }

  static let seed: UInt64 = 0xFEED_D1FF

  /// 100,000 items; 10% deleted, 10% inserted, 10% updated, 1% relocated.
  static func linear() -> DiffScenario {
    var generator = Generator(seed: seed)
    let old = generator.items(100_000)
    let (new, relocated) = generator.mix(old)
    return DiffScenario(
      name: "linear-100k", old: [section("main", old)], new: [section("main", new)],
      relocated: relocated)
  }

  /// 100 sections of 1,000 items with the linear mix in each, plus 0.5% of all items moved to
  /// another section, 2 sections deleted, 2 inserted, 2 swapped and 2 headers changed.
  static func sectioned() -> DiffScenario {
    var generator = Generator(seed: seed)
    let old = (0..<100).map { section("section/\($0)", generator.items(1_000)) }
    var order = Array(old.indices)
    order.shuffle(using: &generator.random)
    let deleted = Set(order[0..<2])
    let headerChanged = Set(order[2..<4])
    var survivors = old.indices.filter { !deleted.contains($0) }

    // 0.5% of all items travel: taken round-robin from the surviving sections before the mix,
    // each joins another surviving section after it.
    var travellers: [(item: DiffBenchItem, origin: Int)] = []
    var remaining: [Int: [DiffBenchItem]] = [:]
    for s in survivors { remaining[s] = old[s].elements }
    for n in 0..<(100_000 / 200) {
      let origin = survivors[n % survivors.count]
      let item = remaining[origin]!.remove(at: generator.random.below(remaining[origin]!.count))
      travellers.append((item, origin))
    }
    var relocated = travellers.count
    var mixed: [Int: [DiffBenchItem]] = [:]
    for s in survivors {
      let (elements, moved) = generator.mix(remaining[s]!)
      mixed[s] = elements
      relocated += moved
    }
    for (traveller, origin) in travellers {
      var target = survivors[generator.random.below(survivors.count)]
      while target == origin { target = survivors[generator.random.below(survivors.count)] }
      mixed[target]!.insert(traveller, at: generator.random.below(mixed[target]!.count + 1))
    }

    let first = generator.random.below(survivors.count)
    var second = generator.random.below(survivors.count)
    while abs(second - first) < 2 { second = generator.random.below(survivors.count) }
    survivors.swapAt(first, second)
    relocated += 2
    var new = survivors.map { s in
      DiffBenchSection(
        id: old[s].id, header: old[s].header &+ (headerChanged.contains(s) ? 1 : 0),
        elements: mixed[s]!)
    }
    for n in 0..<2 {
      let inserted = section("section/new-\(n)", generator.items(1_000))
      new.insert(inserted, at: generator.random.below(new.count + 1))
    }
    return DiffScenario(name: "sectioned-100x1000", old: old, new: new, relocated: relocated)
  }

  /// One section of `size` items with the linear mix, at least one item relocated: the size
  /// sweep that compares FeedDiff with the Heckel baseline from 10 to 100,000 items.
  static func sized(_ size: Int) -> DiffScenario {
    var generator = Generator(seed: seed)
    let old = generator.items(size)
    let (new, relocated) = generator.mix(old, relocations: max(1, size / 100))
    return DiffScenario(
      name: "size-\(size)", old: [section("main", old)], new: [section("main", new)],
      relocated: relocated)
  }

  /// 100,000 items, the last moved to the front, nothing else.
  static func frontOne() -> DiffScenario {
    var generator = Generator(seed: seed)
    let old = generator.items(100_000)
    let new = [old[old.count - 1]] + old.dropLast()
    return DiffScenario(
      name: "front-1", old: [section("main", old)], new: [section("main", new)], relocated: 1)
  }

  private static func section(_ id: String, _ elements: [DiffBenchItem]) -> DiffBenchSection {
    DiffBenchSection(id: id, header: 0, elements: elements)
  }

  /// Fresh ids and the random source the scenarios draw from.
  private struct Generator {
    var random: SplitMix64
    private var nextID = 0

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }

    mutating func items(_ count: Int) -> [DiffBenchItem] {
      (0..<count).map { _ in
        nextID += 1
        return DiffBenchItem(id: "item/\(nextID)", digest: random.next())
      }
    }

    /// Deletes 10%, updates 10% of the rest, relocates `relocations` (by default 1%) of the rest
    /// to random places and inserts 10% new items at random places. Returns the new list and the
    /// relocated count.
    mutating func mix(_ old: [DiffBenchItem], relocations: Int? = nil) -> (
      [DiffBenchItem], relocated: Int
    ) {
      let n = old.count
      var order = Array(0..<n)
      order.shuffle(using: &random)
      var placed: [(key: Double, item: DiffBenchItem)] = order[(n / 10)...].sorted().map {
        (Double($0), old[$0])
      }
      var survivors = Array(placed.indices)
      survivors.shuffle(using: &random)
      for position in survivors.prefix(n / 10) { placed[position].item.digest &+= 1 }
      survivors.shuffle(using: &random)
      let relocated = relocations ?? n / 100
      for position in survivors.prefix(relocated) {
        placed[position].key = Double(random.below(n)) + 0.5
      }
      for item in items(n / 10) { placed.append((Double(random.below(n + 1)) - 0.25, item)) }
      placed.sort { $0.key < $1.key }
      return (placed.map(\.item), relocated)
    }
  }
}
