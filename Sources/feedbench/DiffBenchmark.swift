import FeedDiff
import Foundation

/// The diff benchmark (issue 4): `feedbench diff [--baseline] [--json]`.
///
/// Times `StagedChangeset(source:target:)` on three generated scenarios and prints, per
/// scenario, the median of several runs after a warm-up, the peak resident memory, the stages
/// and moves the diff reports, and how many things the generator really relocated.
/// `--baseline` also times the standard library's `difference(from:).inferringMoves()` on
/// `linear-100k` in the same process. A second table, the size sweep, times FeedDiff and
/// `HeckelBaseline` per call from 10 to 100,000 items (`SizeSweep`).
enum DiffBenchmark {
  static let runs = 7

  static func run(arguments: [String]) throws {
    var baseline = false
    var json = false
    var baselineRuns = 1
    var sweepOnly = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--baseline": baseline = true
      case "--json": json = true
      case "--sizes-only": sweepOnly = true
      case "--baseline-runs":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          throw DiffBenchmarkError(message: "--baseline-runs needs a positive number")
        }
        baselineRuns = value
      default:
        throw DiffBenchmarkError(
          message: "unknown option \(argument); usage: feedbench diff [--baseline "
            + "[--baseline-runs N]] [--sizes-only] [--json]")
      }
    }

    if !sweepOnly {
      try runScenarios(baseline: baseline, baselineRuns: baselineRuns, json: json)
    }
    if !json {
      if !sweepOnly { print("") }
      print(SizeSweep.header)
    }
    for size in SizeSweep.sizes {
      let result = try SizeSweep.measure(DiffScenario.sized(size))
      print(json ? result.jsonLine : result.tableRow)
    }
  }

  private static func runScenarios(baseline: Bool, baselineRuns: Int, json: Bool) throws {
    if !json {
      print("scenario              items  runs  median ms  peak RSS MB  stages   moves  relocated")
    }
    for make in [DiffScenario.linear, DiffScenario.sectioned, DiffScenario.frontOne] {
      let scenario = make()
      var result = try measure(scenario)
      if baseline && scenario.name == "linear-100k" {
        result.baselineMedian = baselineMedian(scenario, runs: baselineRuns)
        result.baselineRuns = baselineRuns
      }
      print(json ? result.jsonLine : result.tableRow)
      if let base = result.baselineMedian, !json {
        print(
          "  stdlib difference(from:).inferringMoves() on \(scenario.name): "
            + "\(format(base)) ms (median of \(baselineRuns)), "
            + "FeedDiff is \(format(base / result.median))× faster")
      }
    }
  }

  private static func measure(_ scenario: DiffScenario) throws -> DiffResult {
    ProcessMemory.reset()
    var changeset = try StagedChangeset(source: scenario.old, target: scenario.new)
    var timings: [Double] = []
    for _ in 0..<runs {
      let start = ContinuousClock.now
      changeset = try StagedChangeset(source: scenario.old, target: scenario.new)
      timings.append(milliseconds(ContinuousClock.now - start))
    }
    return DiffResult(
      scenario: scenario.name, items: scenario.items, runs: runs, median: median(timings),
      peakRSS: ProcessMemory.peakResidentMegabytes() ?? 0, stages: changeset.count,
      moves: changeset.summary.moved, relocated: scenario.relocated)
  }

  private static func baselineMedian(_ scenario: DiffScenario, runs: Int) -> Double {
    let old = scenario.old.flatMap(\.elements).map(BaselineItem.init)
    let new = scenario.new.flatMap(\.elements).map(BaselineItem.init)
    var timings: [Double] = []
    for _ in 0..<runs {
      let start = ContinuousClock.now
      let difference = new.difference(from: old).inferringMoves()
      timings.append(milliseconds(ContinuousClock.now - start))
      precondition(old.applying(difference) == new)
    }
    return median(timings)
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  static func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}

/// An element as the standard library diff sees it: equal when id and digest are equal.
private struct BaselineItem: Hashable {
  var id: String
  var digest: UInt64

  init(_ item: DiffBenchItem) {
    id = item.id
    digest = item.digest
  }
}

/// A bad `feedbench diff` command line.
struct DiffBenchmarkError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// One scenario's figures.
private struct DiffResult {
  var scenario: String
  var items: Int
  var runs: Int
  var median: Double
  var peakRSS: Double
  var stages: Int
  var moves: Int
  var relocated: Int
  var baselineMedian: Double?
  var baselineRuns: Int?

  var tableRow: String {
    func pad(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    return scenario.padding(toLength: 18, withPad: " ", startingAt: 0)
      + pad(String(items), 9) + pad(String(runs), 6) + pad(DiffBenchmark.format(median), 11)
      + pad(DiffBenchmark.format(peakRSS), 13) + pad(String(stages), 8) + pad(String(moves), 8)
      + pad(String(relocated), 11)
  }

  /// Keys in sorted order, numbers with fixed decimals: one line per scenario.
  var jsonLine: String {
    var fields: [(String, String)] = [
      ("items", String(items)), ("median_ms", DiffBenchmark.format(median)),
      ("moves", String(moves)), ("peak_rss_mb", DiffBenchmark.format(peakRSS)),
      ("relocated", String(relocated)), ("runs", String(runs)),
      ("scenario", "\"\(scenario)\""), ("stages", String(stages)),
    ]
    if let baselineMedian, let baselineRuns {
      fields.append(("baseline_median_ms", DiffBenchmark.format(baselineMedian)))
      fields.append(("baseline_runs", String(baselineRuns)))
      fields.append(("speedup", DiffBenchmark.format(baselineMedian / median)))
    }
    fields.sort { $0.0 < $1.0 }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }
}
