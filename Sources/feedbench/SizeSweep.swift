import FeedDiff
import Foundation

/// The per-call cost from 10 to 100,000 items: FeedDiff against `HeckelBaseline` on the same
/// one-section feeds, timed in the same run.
///
/// Small diffs take microseconds, so each timing repeats the diff until about 20 ms have
/// passed and divides; the figure is the median of seven such timings after a warm-up, the two
/// diffs taking turns.
enum SizeSweep {
  static let sizes = [10, 100, 1_000, 10_000, 100_000]
  static let timings = 7

  struct Result {
    var scenario: DiffScenario
    var repetitions: Int
    var feedDiffMicroseconds: Double
    var heckelMicroseconds: Double
    var stages: Int

    var tableRow: String {
      func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
      }
      return scenario.name.padding(toLength: 12, withPad: " ", startingAt: 0)
        + pad(String(scenario.items), 8) + pad(String(repetitions), 7)
        + pad(DiffBenchmark.format(feedDiffMicroseconds), 13)
        + pad(DiffBenchmark.format(heckelMicroseconds), 13)
        + pad(DiffBenchmark.format(heckelMicroseconds / feedDiffMicroseconds), 17)
        + pad(String(stages), 8)
    }

    /// Keys in sorted order, numbers with fixed decimals: one line per size.
    var jsonLine: String {
      var fields: [(String, String)] = [
        ("feeddiff_us", DiffBenchmark.format(feedDiffMicroseconds)),
        ("heckel_us", DiffBenchmark.format(heckelMicroseconds)),
        ("items", String(scenario.items)), ("repetitions", String(repetitions)),
        ("scenario", "\"\(scenario.name)\""),
        ("speedup", DiffBenchmark.format(heckelMicroseconds / feedDiffMicroseconds)),
        ("stages", String(stages)),
      ]
      fields.sort { $0.0 < $1.0 }
      return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
  }

  static let header =
    "scenario       items   reps  FeedDiff µs    Heckel µs  Heckel/FeedDiff  stages"

  static func measure(_ scenario: DiffScenario) throws -> Result {
    let old = scenario.old
    let new = scenario.new
    let oldItems = old[0].elements
    let newItems = new[0].elements
    var sink = 0
    func feedDiff() throws { sink &+= try StagedChangeset(source: old, target: new).count }
    func heckel() { sink &+= HeckelBaseline.stages(source: oldItems, target: newItems).count }

    // Warm up, and find how many repetitions take about 20 ms.
    try feedDiff()
    heckel()
    var repetitions = 1
    while true {
      let start = ContinuousClock.now
      for _ in 0..<repetitions { try feedDiff() }
      if ContinuousClock.now - start >= .milliseconds(20) || repetitions >= 1 << 20 { break }
      repetitions *= 2
    }

    var feedDiffTimes: [Double] = []
    var heckelTimes: [Double] = []
    for run in 0..<timings {
      let order = run % 2 == 0 ? [true, false] : [false, true]
      for isFeedDiff in order {
        let start = ContinuousClock.now
        if isFeedDiff {
          for _ in 0..<repetitions { try feedDiff() }
          feedDiffTimes.append(microseconds(ContinuousClock.now - start) / Double(repetitions))
        } else {
          for _ in 0..<repetitions { heckel() }
          heckelTimes.append(microseconds(ContinuousClock.now - start) / Double(repetitions))
        }
      }
    }
    let stages = try StagedChangeset(source: old, target: new).count
    precondition(sink != 0)
    return Result(
      scenario: scenario, repetitions: repetitions,
      feedDiffMicroseconds: median(feedDiffTimes), heckelMicroseconds: median(heckelTimes),
      stages: stages)
  }

  private static func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}

extension SizeSweep {
  /// `feedbench diff-calls <feeddiff|heckel> <items> <calls>`: runs one diff of the size sweep
  /// `calls` times and nothing else, so a heap profiler (`valgrind`, `heaptrack`) can count the
  /// allocations of one call as the difference between two call counts.
  static func runCalls(arguments: [String]) throws {
    guard arguments.count == 3, ["feeddiff", "heckel"].contains(arguments[0]),
      let size = Int(arguments[1]), size > 0, let calls = Int(arguments[2]), calls >= 0
    else {
      throw DiffBenchmarkError(
        message: "usage: feedbench diff-calls <feeddiff|heckel> <items> <calls>")
    }
    let scenario = DiffScenario.sized(size)
    let oldItems = scenario.old[0].elements
    let newItems = scenario.new[0].elements
    var stages = 0
    for _ in 0..<calls {
      if arguments[0] == "feeddiff" {
        stages &+= try StagedChangeset(source: scenario.old, target: scenario.new).count
      } else {
        stages &+= HeckelBaseline.stages(source: oldItems, target: newItems).count
      }
    }
    print("\(calls) calls, \(stages) stages")
  }
}
