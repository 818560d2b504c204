import Foundation

// feedbench — release-mode benchmarks that print their figures.
//   swift run -c release feedbench diff [--baseline] [--sizes-only] [--json]
//   swift run -c release feedbench diff-calls <feeddiff|heckel> <items> <calls>
//   swift run -c release feedbench stages [--pairs N]
//   swift run -c release feedbench erasure [--json]
//   swift run -c release feedbench http-events --database-url URL --port PORT [--streams N]
//   swift run -c release feedbench http-population-events --database-url URL --port PORT --population FILE
//   swift run -c release feedbench storage [--owners N] [--large 1000,10000,100000] [--snapshots N]

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  usage: feedbench <benchmark> [options]

  benchmarks:
    diff      the sectioned diff (FeedDiff) on large generated feeds, and per call
              against a Heckel baseline from 10 to 100,000 items
    diff-calls <feeddiff|heckel> <items> <calls>
              one sweep diff run <calls> times, for counting allocations
    stages    stage counts over random pairs of small sectioned feeds
    erasure   AnyComponent's closure and box erasures, 100k components
    http-events --database-url URL --port PORT [--streams N] [--writes N] [--server-pid PID]
              write → event-stream latency on a running 'feedctl serve' with N idle
              streams open (scripts/bench-http runs it with wrk and pgbench)
    http-population-events --database-url URL --port PORT --population FILE [--streams N]
              [--writes N] [--per-address N] [--open-seconds N] [--server-pid PID]
              as many event streams as fit (20,000 asked) across a population's owners,
              then write → event latency (scripts/bench-population runs it)
    storage   issue 10's write, history and snapshot figures against PostgreSQL's floor
              on a generated database (--owners, --large, --snapshots scale it)

  """

do {
  switch arguments.first {
  case "diff": try DiffBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "diff-calls": try SizeSweep.runCalls(arguments: Array(arguments.dropFirst()))
  case "stages": try StageSurvey.run(arguments: Array(arguments.dropFirst()))
  case "erasure": try ErasureBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "http-events": try EventLatencyBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "http-population-events":
    try PopulationEventsBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "storage": try StorageBenchmark.run(arguments: Array(arguments.dropFirst()))
  case "-h", "--help": print(usage, terminator: "")
  default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("feedbench: error: \(error)\n".utf8))
  exit(1)
}
