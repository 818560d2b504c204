import Foundation
import Testing

/// Past one machine, on one: the topology `scripts/topology` starts (a primary, a streaming
/// replica, two `feedctl serve` instances, nginx in front), each test on one of its own. A phone
/// is curl, through nginx, as a phone would reach the servers.
@Suite("Topology", .serialized)
struct TopologyTests {
  @Test func feedReadsAreAnsweredByTheReplica() throws {
    try Topology.with { topology in
      let token = try topology.demoToken()
      for _ in 0..<4 {
        let read = try PhoneRequest(
          url: topology.nginx + "/v1/feed", headers: ["Authorization": "Bearer \(token)"]
        ).send()
        #expect(read.status == 200)
      }
      var replicaReads = 0
      for n in 1...2 {
        let metrics = try PhoneRequest(url: topology.instance(n) + "/metrics").send().body
        replicaReads += Self.value(of: #"feed_reads_total{database="replica"}"#, in: metrics) ?? 0
        let ready = try PhoneRequest(url: topology.instance(n) + "/readyz").send()
        #expect(ready.status == 200)
        #expect(ready.body.contains(#""reads":"replica""#))
      }
      #expect(replicaReads >= 1)
    }
  }

  @Test func aWriteOnThePrimaryReachesAStreamOpenedThroughNginx() throws {
    try Topology.with { topology in
      let stream = try PhoneStream(
        url: topology.nginx, token: try topology.demoToken(), lastEventID: nil)
      defer { stream.close() }
      #expect(stream.wait(20) { $0.first?.name == "feed" })
      try topology.writeAroundTheService()
      let digest = try topology.primaryDigest()
      #expect(stream.wait(20) { $0.last == .init(name: "changeset", id: digest) })
    }
  }

  @Test func aPhoneFollowsThroughEachInstanceKilledAndRestarted() throws {
    try Topology.with { topology in
      let token = try topology.demoToken()
      let first = try PhoneStream(url: topology.nginx, token: token, lastEventID: nil)
      #expect(first.wait(20) { $0.first?.name == "feed" })
      let afterOne = try Self.killWriteAndFollow(instance: 1, first, topology, token: token)
      let afterTwo = try Self.killWriteAndFollow(instance: 2, afterOne, topology, token: token)
      let newest = try topology.primaryDigest()
      #expect(first.events.dropFirst().allSatisfy { $0.name == "changeset" })
      #expect(afterTwo.events.last?.id == newest)
      for stream in [first, afterOne, afterTwo] { stream.close() }
    }
  }

  /// Kills instance `n` while the phone follows on `stream`, writes on the primary, and returns
  /// the stream the phone then follows on: the same one when it was on the other instance,
  /// else one resumed through nginx from the last event it had — sent only changesets. The
  /// instance is started again before it returns.
  private static func killWriteAndFollow(
    instance n: Int, _ stream: PhoneStream, _ topology: Topology, token: String
  ) throws -> PhoneStream {
    try topology.script("kill-instance", String(n))
    try topology.writeAroundTheService()
    let digest = try topology.primaryDigest()
    defer { _ = try? topology.script("start-instance", String(n)) }
    if stream.wait(5, until: { $0.last?.id == digest }) { return stream }
    let held = try #require(stream.events.last?.id)
    stream.close()
    let resumed = try PhoneStream(url: topology.nginx, token: token, lastEventID: held)
    #expect(resumed.wait(20) { $0.last?.id == digest })
    #expect(resumed.events.allSatisfy { $0.name == "changeset" })
    return resumed
  }

  @Test func aLaggingReplicaNeverSendsAPhoneAnOlderDocumentNorARefetch() throws {
    try Topology.with { topology in
      let token = try topology.demoToken()
      let bearer = ["Authorization": "Bearer \(token)"]
      try topology.psql("SELECT pg_wal_replay_pause()", on: topology.replicaURL)
      try topology.writeAroundTheService()
      let newest = try topology.primaryDigest()
      // The phone is shown the newest document by whichever instance answers first …
      var shown = ""
      for _ in 0..<50 where shown != newest {
        shown =
          try PhoneRequest(url: topology.nginx + "/v1/feed", headers: bearer).send()
          .headers["etag"]?.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? ""
        usleep(100_000)
      }
      #expect(shown == newest)
      // … and from then on no instance sends it back, though the replica has not replayed it.
      for n in [1, 2, 1, 2] {
        let read = try PhoneRequest(
          url: topology.instance(n) + "/v1/feed",
          headers: bearer.merging(["If-None-Match": "\"\(newest)\""]) { $1 }
        ).send()
        #expect(read.status == 304)
        let changes = try PhoneRequest(
          url: topology.instance(n) + "/v1/feed/changes?since=\(newest)", headers: bearer
        ).send()
        #expect(changes.status == 200)
        #expect(changes.headers["etag"] == "\"\(newest)\"")
      }
      let stream = try PhoneStream(url: topology.nginx, token: token, lastEventID: newest)
      defer { stream.close() }
      Thread.sleep(forTimeInterval: 1)
      #expect(!stream.events.contains { $0.name == "feed" })
      try topology.psql("SELECT pg_wal_replay_resume()", on: topology.replicaURL)
    }
  }

  @Test func aStoppedReplicaSendsReadsToThePrimaryAndReadinessSaysSo() throws {
    try Topology.with { topology in
      let token = try topology.demoToken()
      let stop = try Command.run(
        "/usr/sbin/runuser",
        [
          "-u", "postgres", "--", "/usr/lib/postgresql/15/bin/pg_ctl", "-D",
          topology.directory + "/replica", "-m", "fast", "-w", "stop",
        ])
      try #require(stop.status == 0, "\(stop.output)")
      for n in [1, 2] {
        let read = try PhoneRequest(
          url: topology.instance(n) + "/v1/feed", headers: ["Authorization": "Bearer \(token)"]
        ).send()
        #expect(read.status == 200)
        let ready = try PhoneRequest(url: topology.instance(n) + "/readyz").send()
        #expect(ready.status == 200)
        #expect(ready.body.contains(#""reads":"primary""#))
        #expect(ready.body.contains("the read replica cannot be reached"))
      }
    }
  }

  @Test func aStoppedPrimaryIsA503WithRetryAfterAndServingResumesWithoutARestart() throws {
    try Topology.with { topology in
      let token = try topology.demoToken()
      let bearer = ["Authorization": "Bearer \(token)"]
      let pgctl = [
        "-u", "postgres", "--", "/usr/lib/postgresql/15/bin/pg_ctl", "-D",
        topology.directory + "/primary",
      ]
      try #require(
        try Command.run("/usr/sbin/runuser", pgctl + ["-m", "fast", "-w", "stop"]).status == 0)
      let action = PhoneRequest(
        url: topology.instance(1) + "/v1/actions", method: "POST", headers: bearer,
        body: #"{"kind":"dismiss_notice","id":"notice/1"}"#)
      let refused = try action.send()
      #expect(refused.status == 503)
      #expect(refused.headers["retry-after"] != nil)
      let read = try PhoneRequest(url: topology.instance(1) + "/v1/feed", headers: bearer).send()
      #expect(read.status == 503)
      #expect(read.headers["retry-after"] != nil)
      #expect(try PhoneRequest(url: topology.instance(1) + "/readyz").send().status == 503)
      let start = try Command.run(
        "/usr/sbin/runuser",
        pgctl + [
          "-l", topology.directory + "/primary.log", "-o", "-p \(topology.portBase)", "-w", "start",
        ])
      try #require(start.status == 0, "\(start.output)")
      var status = 0
      for _ in 0..<100 where status != 200 {
        status = try PhoneRequest(url: topology.instance(1) + "/v1/feed", headers: bearer).send()
          .status
        usleep(100_000)
      }
      #expect(status == 200)
    }
  }

  @Test func anOperatorsDbStopHoldsWhileAServerUsesTheEmbeddedDatabase() throws {
    let directory = "/tmp/accountfeed-embedded-\(UUID().uuidString.prefix(8))"
    let feedctl = try Topology.executable().path
    let environment = ["FEEDCTL_DATA_DIR": directory]
    let port = 20_000 + Int.random(in: 0..<1_000) * 10 + 5
    let server = Process()
    server.executableURL = URL(fileURLWithPath: feedctl)
    server.arguments = ["serve", "--listen", "127.0.0.1:\(port)"]
    server.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      server.terminate()
      server.waitUntilExit()
      _ = try? Command.run(feedctl, ["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    let ready = PhoneRequest(url: "http://127.0.0.1:\(port)/readyz")
    var status = 0
    for _ in 0..<300 where status != 200 {
      status = (try? ready.send().status) ?? 0
      usleep(100_000)
    }
    try #require(status == 200)
    try #require(try Command.run(feedctl, ["db", "stop"], environment: environment).status == 0)
    for _ in 0..<10 {
      #expect(try ready.send().status == 503)
      usleep(100_000)
    }
    let stopped = try Command.run(feedctl, ["db", "status"], environment: environment)
    #expect(stopped.output.contains("not running") || stopped.status != 0)
    try #require(try Command.run(feedctl, ["db", "start"], environment: environment).status == 0)
    status = 0
    for _ in 0..<100 where status != 200 {
      status = try ready.send().status
      usleep(100_000)
    }
    #expect(status == 200)
  }

  /// The value of a Prometheus sample, by its name and labels.
  static func value(of sample: String, in exposition: String) -> Int? {
    exposition.split(separator: "\n").first { $0.hasPrefix(sample + " ") }
      .flatMap { Int($0.split(separator: " ").last ?? "") }
  }
}
