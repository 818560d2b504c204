import Foundation
import Postgres

/// Issue 29's event-stream figures on a population built by `scripts/bench-population`: as many
/// `/v1/feed/events` streams as fit (20,000 asked) open at once across the population's owners,
/// read by one thread through poll(2) (`EventStreamSet`), then `--writes` one-account balance
/// updates committed with plain SQL on a connection of its own, each to a random streamed
/// owner and timed from before its `UPDATE` until that owner's stream has the `changeset` event.
/// It prints the server's resident memory before, with the streams open and after the writes,
/// and the machine's load with each figure. It asserts nothing.
///
/// The population file has a line `owner-id<TAB>token` per owner (the script writes it).
enum PopulationEventsBenchmark {
  struct Options {
    var port = 0
    var databaseURL = ""
    var population = ""
    var streams = 20_000
    var writes = 500
    var perAddress = 500
    var openSeconds = 300
    var serverPID: Int32?
  }

  static func run(arguments: [String]) throws {
    let options = try parse(arguments)
    let population = try String(contentsOfFile: options.population, encoding: .utf8)
      .split(separator: "\n").map { line in
        let fields = line.split(separator: "\t")
        return (owner: String(fields[0]), token: String(fields[1]))
      }
    guard !population.isEmpty else { throw HTTPBenchmarkError("the population file is empty") }
    let fit = raiseDescriptorLimit()
    let count = min(options.streams, fit)
    if count < options.streams {
      print(
        "client: \(options.streams) streams asked, \(count) fit in this process's open-file hard limit "
          + "(\(descriptorLimit()); the rest is kept for the process itself)")
    }
    let chosen = (0..<count).map { population[$0 % population.count] }.shuffled()
    let set = try EventStreamSet(port: options.port, perAddress: options.perAddress)
    let memoryBefore = options.serverPID.flatMap(ProcessMemory.residentMegabytes(of:))
    let started = ContinuousClock.now
    try open(chosen.map(\.token), on: set, within: .seconds(options.openSeconds))
    let openTime = ContinuousClock.now - started
    report(set, asked: options.streams, took: openTime)
    let memoryOpen = options.serverPID.flatMap(ProcessMemory.residentMegabytes(of:))

    let open = set.streams.indices.filter { isOpen(set.streams[$0]) }
    guard !open.isEmpty else { throw HTTPBenchmarkError("no event stream opened") }
    let writer = try PostgresConnection(PostgresConfiguration(options.databaseURL))
    var latencies: [Double] = []
    var commits: [Double] = []
    var missed = 0
    for _ in 0..<options.writes {
      let stream = open.randomElement()!
      let owner = chosen[stream].owner
      let before = set.streams[stream].changesets
      let writeStarted = ContinuousClock.now
      _ = try writer.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 1 WHERE owner_id = \(owner) AND position = 0"
      )
      commits.append(milliseconds(ContinuousClock.now - writeStarted))
      if set.wait(
        for: stream, until: .now + .seconds(5), { set.streams[stream].changesets > before })
      {
        latencies.append(milliseconds(ContinuousClock.now - writeStarted))
      } else {
        missed += 1
      }
      set.poll(milliseconds: 0)
    }
    let stillOpen = set.streams.filter(isOpen).count
    print(
      "write → changeset, \(options.writes) writes to random streamed owners, \(open.count) streams open"
        + " (load \(loadAverage())):")
    if latencies.isEmpty {
      print("  no changeset arrived")
    } else {
      latencies.sort()
      commits.sort()
      let p99 = percentile(latencies, 0.99)
      print(
        String(
          format:
            "  p50 %.1f ms   p99 %.1f ms   max %.1f ms   (the UPDATE's own commit: p50 %.1f ms)",
          percentile(latencies, 0.5), p99, latencies.last!, percentile(commits, 0.5)))
      print(String(format: "  target p99 ≤ 50 ms: %@", p99 <= 50 ? "met" : "NOT met"))
    }
    if missed > 0 { print("  \(missed) writes' changesets did not arrive within 5 s") }
    print("  streams still open after the writes: \(stillOpen) of \(open.count)")
    if let memoryBefore, let memoryOpen,
      let memoryAfter = options.serverPID.flatMap(ProcessMemory.residentMegabytes(of:))
    {
      print(
        String(
          format:
            "server resident memory: %.1f MiB before, %.1f MiB with %d streams open (%.1f KiB a stream), %.1f MiB after the writes",
          memoryBefore, memoryOpen, open.count,
          (memoryOpen - memoryBefore) * 1024 / Double(open.count),
          memoryAfter))
    }
  }

  /// Opens a stream per token, at most 256 waiting for their first `feed` event at a time, and
  /// returns when each is open with its feed, refused or failed, or when `limit` has passed.
  private static func open(_ tokens: [String], on set: EventStreamSet, within limit: Duration)
    throws
  {
    let deadline = ContinuousClock.now + limit
    var next = 0
    var firstUnsettled = 0
    var nextReport = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
      while firstUnsettled < set.streams.count, isSettled(set.streams[firstUnsettled]) {
        firstUnsettled += 1
      }
      let waiting = set.streams[firstUnsettled...].filter { !isSettled($0) }.count
      if next == tokens.count && waiting == 0 { return }
      var room = 256 - waiting
      while room > 0, next < tokens.count {
        try set.connect(token: tokens[next])
        next += 1
        room -= 1
      }
      set.poll(milliseconds: 10)
      if ContinuousClock.now >= nextReport {
        print("  … \(set.streams.filter(isOpen).count) streams open")
        nextReport = .now + .seconds(5)
      }
    }
    print("  opening stopped after \(limit): \(tokens.count - next) streams never started")
  }

  private static func report(_ set: EventStreamSet, asked: Int, took: Duration) {
    var refused: [Int: Int] = [:]
    var failures: [String: Int] = [:]
    var waiting = 0
    for stream in set.streams {
      switch stream.phase {
      case .refused(let status): refused[status, default: 0] += 1
      case .failed(let reason): failures[reason, default: 0] += 1
      case .connecting, .waitingForStatus: waiting += 1
      case .open: if stream.feeds == 0 { waiting += 1 }
      }
    }
    let open = set.streams.filter(isOpen).count
    print(
      String(
        format: "event streams: %d of %d asked open with their feed in %.1f s (load %@)", open,
        asked,
        milliseconds(took) / 1000, loadAverage()))
    for (status, count) in refused.sorted(by: { $0.key < $1.key }) {
      print("  refused with status \(status): \(count)")
    }
    for (reason, count) in failures.sorted(by: { $0.value > $1.value }) {
      print("  failed (\(reason)): \(count)")
    }
    if waiting > 0 { print("  still without their first feed event: \(waiting)") }
  }

  private static func isSettled(_ stream: EventStreamSet.Stream) -> Bool {
    switch stream.phase {
    case .refused, .failed: true
    case .open: stream.feeds > 0
    case .connecting, .waitingForStatus: false
    }
  }

  private static func isOpen(_ stream: EventStreamSet.Stream) -> Bool {
    if case .open = stream.phase { return stream.feeds > 0 }
    return false
  }

  /// Raises the soft open-file limit to the hard one and returns how many streams fit under it,
  /// keeping 64 descriptors for the process (the database connection, files).
  private static func raiseDescriptorLimit() -> Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let used = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 16
    return max(0, Int(limit.rlim_cur) - used - 64)
  }

  private static func descriptorLimit() -> Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return Int(limit.rlim_cur)
  }

  /// The 1-, 5- and 15-minute load averages, as `uptime` prints them.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  private static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  private static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var index = 0
    while index + 1 < arguments.count {
      let value = arguments[index + 1]
      switch arguments[index] {
      case "--port": options.port = Int(value) ?? 0
      case "--database-url": options.databaseURL = value
      case "--population": options.population = value
      case "--streams": options.streams = Int(value) ?? options.streams
      case "--writes": options.writes = Int(value) ?? options.writes
      case "--per-address": options.perAddress = max(1, Int(value) ?? options.perAddress)
      case "--open-seconds": options.openSeconds = Int(value) ?? options.openSeconds
      case "--server-pid": options.serverPID = Int32(value)
      default: throw HTTPBenchmarkError("unknown option \(arguments[index])\n\(usage)")
      }
      index += 2
    }
    guard options.port > 0, !options.databaseURL.isEmpty, !options.population.isEmpty else {
      throw HTTPBenchmarkError(usage)
    }
    return options
  }

  static let usage = """
    usage: feedbench http-population-events --database-url URL --port PORT --population FILE \
    [--streams N] [--writes N] [--per-address N] [--open-seconds N] [--server-pid PID]
    """
}
