import FeedDiff

/// A benchmark feed item shaped like a rendered feed node: a string id such as `item/42` and a
/// content digest.
struct DiffBenchItem: Differentiable {
  var id: String
  var digest: UInt64

  var differenceIdentifier: String { id }

  func isContentEqual(to source: DiffBenchItem) -> Bool { digest == source.digest }
}

/// A benchmark section: a string id, a header digest and its items.
struct DiffBenchSection: DifferentiableSection {
  var id: String
  var header: UInt64
  var elements: [DiffBenchItem]

  init(id: String, header: UInt64, elements: [DiffBenchItem]) {
    self.id = id
    self.header = header
    self.elements = elements
  }

  init(source: DiffBenchSection, elements: [DiffBenchItem]) {
    self.init(id: source.id, header: source.header, elements: elements)
  }

  var differenceIdentifier: String { id }

  func isContentEqual(to source: DiffBenchSection) -> Bool { header == source.header }
}

/// SplitMix64, so every run of the benchmark diffs the same feeds.
struct DiffBenchRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound`; `bound` must be positive.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
