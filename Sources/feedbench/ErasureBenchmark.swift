import FeedComponents
import Foundation

/// The AnyComponent erasure benchmark (issue 3): seed 000 says the closure and box erasures must be
/// measured on a real list before one is chosen, so this builds 100,000 erased components of four
/// different types with each erasure, renders every one into its node, and asks every one its size.
///
/// Each erasure runs once to warm up and then `--runs` times (default 7), the two erasures taking
/// turns; the figures are medians.
/// `size` isolates the cost of the erasure itself (one indirect call per component), while `render`
/// is the real work, dominated by building props and computing each node's SHA-256 digest.
enum ErasureBenchmark {
  static func run(arguments: [String]) throws {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": options.json = true
      case "--count": options.count = try positiveInteger(after: argument, in: &remaining)
      case "--runs": options.runs = try positiveInteger(after: argument, in: &remaining)
      default: throw BenchmarkError.unknownOption(argument)
      }
    }
    if !options.json {
      print("AnyComponent erasure: \(options.count) components, median of \(options.runs) runs")
      print("erasure   build ms   render ms   size ms   peak RSS MiB")
    }
    let erasures = AnyComponent.Erasure.allCases
    for erasure in erasures { _ = measure(erasure, count: options.count) }
    var samples: [AnyComponent.Erasure: [Sample]] = [:]
    for run in 0..<options.runs {
      // Alternate the order so neither erasure always runs second on a busy machine.
      for erasure in run % 2 == 0 ? erasures : erasures.reversed() {
        samples[erasure, default: []].append(measure(erasure, count: options.count))
      }
    }
    for erasure in erasures {
      let runs = samples[erasure] ?? []
      let result = Sample(
        buildMilliseconds: median(runs.map(\.buildMilliseconds)),
        renderMilliseconds: median(runs.map(\.renderMilliseconds)),
        sizeMilliseconds: median(runs.map(\.sizeMilliseconds)),
        peakMegabytes: median(runs.map(\.peakMegabytes)),
        checksum: runs.first?.checksum ?? 0)
      report(erasure, result, options: options)
    }
  }

  private struct Options {
    var json = false
    var count = 100_000
    var runs = 7
  }

  private struct Sample {
    var buildMilliseconds: Double
    var renderMilliseconds: Double
    var sizeMilliseconds: Double
    var peakMegabytes: Double
    /// Folds the rendered nodes into a number that is printed, so no work can be optimised away.
    var checksum: Int
  }

  private static func measure(_ erasure: AnyComponent.Erasure, count: Int) -> Sample {
    ProcessMemory.reset()
    let clock = ContinuousClock()
    let environment = RenderEnvironment()

    let buildStart = clock.now
    let components = makeComponents(count: count, erasure: erasure)
    let buildTime = clock.now - buildStart

    let renderStart = clock.now
    var checksum = 0
    for (index, component) in components.enumerated() {
      let context = RenderContext(
        sectionID: "accounts", indexPath: IndexPath(section: 0, item: index),
        environment: environment)
      checksum &+= Int(component.render(context: context).digest.utf8.first ?? 0)
    }
    let renderTime = clock.now - renderStart

    let sizeStart = clock.now
    let proposal = SizeProposal(width: environment.width)
    for component in components {
      if case .fixed(let height) = component.size(in: proposal) { checksum &+= height }
    }
    let sizeTime = clock.now - sizeStart

    return Sample(
      buildMilliseconds: milliseconds(buildTime),
      renderMilliseconds: milliseconds(renderTime),
      sizeMilliseconds: milliseconds(sizeTime),
      peakMegabytes: ProcessMemory.peakResidentMegabytes() ?? 0,
      checksum: checksum)
  }

  /// A feed-like mix: mostly account rows with a touch action, some notices, totals and switches.
  private static func makeComponents(count: Int, erasure: AnyComponent.Erasure) -> [AnyComponent] {
    var components: [AnyComponent] = []
    components.reserveCapacity(count)
    for index in 0..<count {
      switch index % 10 {
      case 0:
        components.append(
          AnyComponent(
            BenchNotice(id: "notice/\(index)", message: "계좌를 누르면 거래 내역을 확인할 수 있어요.")
              .onDismiss(.dismissNotice(id: "notice/\(index)")),
            erasure: erasure))
      case 1:
        components.append(
          AnyComponent(BenchTotal(id: "total/\(index)", amount: index), erasure: erasure))
      case 2:
        components.append(
          AnyComponent(
            BenchToggle(id: "setting/\(index)", isOn: index % 4 == 0)
              .onToggle(.custom(name: "toggle", payload: .integer(index))),
            erasure: erasure))
      default:
        components.append(
          AnyComponent(
            BenchAccountRow(id: "account/\(index)", name: "저축 통장", amount: index * 100)
              .onTouch(.openURL("accountfeed://accounts/\(index)")),
            erasure: erasure))
      }
    }
    return components
  }

  private static func report(_ erasure: AnyComponent.Erasure, _ sample: Sample, options: Options) {
    let name = erasure == .closure ? "closure" : "box"
    if options.json {
      let line: JSONValue = [
        "benchmark": "erasure",
        "erasure": .string(name),
        "components": .integer(options.count),
        "runs": .integer(options.runs),
        "build_ms": .decimal(String(format: "%.2f", sample.buildMilliseconds)),
        "render_ms": .decimal(String(format: "%.2f", sample.renderMilliseconds)),
        "size_ms": .decimal(String(format: "%.3f", sample.sizeMilliseconds)),
        "peak_rss_mib": .decimal(String(format: "%.1f", sample.peakMegabytes)),
        "checksum": .integer(sample.checksum),
      ]
      print(CanonicalJSONWriter().string(line))
    } else {
      print(
        name.padding(toLength: 8, withPad: " ", startingAt: 0)
          + String(
            format: "%9.2f %11.2f %9.3f %14.1f", sample.buildMilliseconds,
            sample.renderMilliseconds, sample.sizeMilliseconds, sample.peakMegabytes))
    }
  }

  private static func positiveInteger(
    after option: String, in remaining: inout ArraySlice<String>
  ) throws -> Int {
    guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
      throw BenchmarkError.needsPositiveInteger(option)
    }
    return value
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}

private enum BenchmarkError: Error, CustomStringConvertible {
  case unknownOption(String)
  case needsPositiveInteger(String)

  var description: String {
    switch self {
    case .unknownOption(let option): return "unknown option \(option) for the erasure benchmark"
    case .needsPositiveInteger(let option): return "\(option) needs a positive integer"
    }
  }
}

private struct BenchAccountRow: Component {
  typealias Content = AccountRowView
  let id: String
  let name: String
  let amount: Int

  func render(context: RenderContext, content: AccountRowView) {
    content.title = name
    content.value = "\(amount)원"
  }

  func size(in proposal: SizeProposal) -> ComponentSize { .fixed(height: 64) }
}

private struct BenchNotice: Component {
  typealias Content = NoticeView
  let id: String
  let message: String

  func render(context: RenderContext, content: NoticeView) {
    content.message = message
  }

  func size(in proposal: SizeProposal) -> ComponentSize { .estimated(height: 72) }
}

private struct BenchTotal: Component {
  typealias Content = SummaryRowView
  let id: String
  let amount: Int

  func render(context: RenderContext, content: SummaryRowView) {
    content.label = "합계"
    content.value = "\(amount)원"
  }
}

private struct BenchToggle: Component {
  typealias Content = ToggleRowView
  let id: String
  let isOn: Bool

  func render(context: RenderContext, content: ToggleRowView) {
    content.title = "잔액 숨기기"
    content.isOn = isOn
  }
}
