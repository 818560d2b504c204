/// Steele, Lea and Flood's SplitMix64: a tiny generator that gives the same sequence for the same
/// seed on every machine, so a failing random case can be replayed from its seed and a benchmark
/// diffs the same feeds in every run. (Swift's own generators are seeded per process.)
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound`; `bound` must be positive.
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True with probability `percent` / 100.
  public mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }
}
