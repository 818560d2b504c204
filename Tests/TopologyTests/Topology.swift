import Foundation
import Testing

/// The topology of `scripts/topology` — a primary, a streaming replica, two `feedctl serve`
/// instances and nginx, all on loopback — started by that script (the same steps a person
/// runs), in a directory and on ports of its own, and always stopped by it.
final class Topology: Sendable {
  let directory: String
  let portBase: Int
  let feedctl: String

  var primaryURL: String { "postgresql://postgres@127.0.0.1:\(portBase)/accountfeed" }
  var replicaURL: String { "postgresql://postgres@127.0.0.1:\(portBase + 1)/accountfeed" }
  /// The phone API as phones reach it: through nginx.
  var nginx: String { "http://127.0.0.1:\(portBase + 4)" }
  /// Instance `n` (1 or 2) directly, as an operator's tools do.
  func instance(_ n: Int) -> String { "http://127.0.0.1:\(portBase + 1 + n)" }

  private init(feedctl: String) {
    self.directory = "/tmp/accountfeed-topology-\(UUID().uuidString.prefix(8))"
    self.portBase = 20_000 + Int.random(in: 0..<1_000) * 10
    self.feedctl = feedctl
  }

  /// Runs `body` with a topology that is up, and takes it down afterwards, whatever happened.
  static func with(_ body: (Topology) throws -> Void) throws {
    let topology = Topology(feedctl: try Self.executable().path)
    defer { _ = try? topology.script("down") }
    let up = try topology.script("up")
    try #require(up.status == 0, "scripts/topology up failed:\n\(up.output)")
    try body(topology)
  }

  /// `scripts/topology ARGUMENTS` with this topology's directory, ports and binary.
  @discardableResult
  func script(_ arguments: String...) throws -> Command.Result {
    try Command.run(
      Self.repository.appendingPathComponent("scripts/topology").path, arguments,
      environment: [
        "TOPOLOGY_DIR": directory, "TOPOLOGY_PORT_BASE": String(portBase), "FEEDCTL": feedctl,
      ])
  }

  /// Runs `sql` with psql on the primary or the replica and returns what it printed, unaligned.
  @discardableResult
  func psql(_ sql: String, on url: String) throws -> String {
    let result = try Command.run(
      "/usr/bin/psql", [url, "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql])
    try #require(result.status == 0, "psql failed: \(result.output)")
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `feedctl ARGUMENTS --database-url PRIMARY`.
  func feedctl(_ arguments: String...) throws -> String {
    let result = try Command.run(feedctl, arguments + ["--database-url", primaryURL])
    try #require(result.status == 0, "feedctl \(arguments) failed: \(result.output)")
    return result.output
  }

  /// A bearer token for the demo owner, which `up` seeds.
  func demoToken() throws -> String {
    let printed = try feedctl("token", "create", "--owner", "demo")
    return String(printed.split(separator: "\n").last ?? "")
  }

  /// The digest of the demo owner's feed as the primary has it now.
  func primaryDigest() throws -> String {
    let json = try feedctl("show", "--owner", "demo", "--format", "json")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try #require(object?["digest"] as? String)
  }

  /// Moves the demo owner's first account's balance by `delta`, with psql on the primary: a
  /// write around the service, which the trigger announces to every instance.
  func writeAroundTheService(delta: Int = 1) throws {
    try psql(
      """
      UPDATE accounts SET balance_minor = balance_minor + \(delta)
      WHERE id = (SELECT min(id) FROM accounts WHERE owner_id = 'demo' AND NOT hidden)
      """, on: primaryURL)
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// The binary built next to the test bundle (`.build/debug/feedctl`).
  static func executable() throws -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let found = [
      directory, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    .map { $0.appendingPathComponent("feedctl") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(
      found, "the feedctl binary was not found next to the tests; run 'swift build' first")
  }
}
