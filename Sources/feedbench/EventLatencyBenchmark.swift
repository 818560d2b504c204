import AccountModel
import AccountStore
import FeedService
import Foundation
import Postgres

/// How long a write takes to reach a phone's event stream, with many idle streams open: it
/// makes `--streams` owners with a token each, opens one `/v1/feed/events` stream per owner on
/// a running `feedctl serve`, then commits `--writes` balance updates with plain SQL on a
/// connection of its own (as any program would) and times each until its stream has the
/// `changeset` event. With `--server-pid` it also prints the server's resident memory.
enum EventLatencyBenchmark {
  static func run(arguments: [String]) throws {
    var options: [String: String] = [:]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    guard let url = options["--database-url"], let port = options["--port"].flatMap(Int.init)
    else {
      throw HTTPBenchmarkError(
        "usage: feedbench http-events --database-url URL --port PORT [--streams N] [--writes N] [--server-pid PID]"
      )
    }
    let streams = options["--streams"].flatMap(Int.init) ?? 1000
    let writes = options["--writes"].flatMap(Int.init) ?? 200
    let serverPID = options["--server-pid"].flatMap(Int32.init)

    let configuration = PostgresConfiguration(url)
    let service = FeedService { try AccountStore(configuration) }
    let owners = (0..<streams).map { String(format: "bench-%05d", $0) }
    let existing = Set(try service.owners().map(\.id))
    let missing = owners.filter { !existing.contains($0) }
    if !missing.isEmpty {
      try service.apply(
        missing.flatMap { owner -> [StoreChange] in
          [
            .addOwner(id: owner, displayName: owner),
            .addAccount(
              ownerID: owner,
              NewAccount(name: "통장", balance: Money(minorUnits: 1000, currency: .krw))),
          ]
        }, in: .anyOwner, reason: "feedbench http-events")
    }
    let tokens = try owners.map {
      try service.createToken(owner: $0, label: "feedbench", in: .anyOwner).secret
    }
    let memoryBefore = serverPID.flatMap(ProcessMemory.residentMegabytes(of:))
    print("opening \(streams) event streams on 127.0.0.1:\(port) …")
    let connections = try tokens.map { token in
      let stream = try EventStreamConnection(port: port, token: token)
      try stream.waitFor("event: feed")
      return stream
    }
    let memoryOpen = serverPID.flatMap(ProcessMemory.residentMegabytes(of:))

    let writer = try PostgresConnection(configuration)
    var latencies: [Double] = []
    for write in 0..<writes {
      let target = (write * 7919) % streams
      let started = ContinuousClock.now
      try writer.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 1 WHERE owner_id = \(owners[target])")
      try connections[target].waitFor("event: changeset")
      let elapsed = ContinuousClock.now - started
      latencies.append(
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    latencies.sort()
    func percentile(_ p: Double) -> String {
      String(
        format: "%.1f ms", latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))])
    }
    print("write → changeset event, \(writes) writes, \(streams) streams open:")
    print("  p50 \(percentile(0.5))   p99 \(percentile(0.99))   max \(percentile(1))")
    if let memoryBefore, let memoryOpen,
      let memoryAfter = serverPID.flatMap(ProcessMemory.residentMegabytes(of:))
    {
      print(
        String(
          format:
            "server resident memory: %.1f MiB before, %.1f MiB with the streams open, %.1f MiB after the writes",
          memoryBefore, memoryOpen, memoryAfter))
    }
  }

}
