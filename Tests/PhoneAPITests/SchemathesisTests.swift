import AccountFeedTestSupport
import AccountStore
import FeedService
import Foundation
import PostgresTestSupport
import Testing

/// schemathesis, a program that did not write the contract, generates requests from the contract
/// the real `feedctl serve` serves (`GET /v1/openapi.json`) and runs all of its checks on the
/// answers (every check; the one exception, and why, is in `scripts/schemathesis.toml`): statuses, content types, header fields and bodies as the contract describes them,
/// no 5xx, refused bad input, accepted good input, auth enforced, `Allow` on 405. A run is
/// seeded and bounded (examples per operation and a time budget) so it takes about a minute;
/// when it fails, its whole output is kept in `.build/artifacts/`.
@Suite("The contract against feedctl serve (schemathesis)")
struct SchemathesisTests {
  private static let artifacts = PhoneContract.repository.appendingPathComponent(
    ".build/artifacts")
  private static let configuration = PhoneContract.repository.appendingPathComponent(
    "scripts/schemathesis.toml")

  @Test(.timeLimit(.minutes(3)))
  func everyCheckPassesOnGeneratedRequests() throws {
    try TestDatabase.with(.migrated) { database in
      let url = database.configuration.connectionString
      let service = FeedService { try AccountStore(database.configuration) }
      _ = try service.seedDemo()
      let token = try Self.createToken(databaseURL: url)
      let server = try ServeProcess(databaseURL: url)
      defer { _ = server.stop() }
      let base = "http://127.0.0.1:\(server.port)"
      let run = try Self.schemathesis([
        "--config-file", Self.configuration.path,
        "run", "\(base)/v1/openapi.json", "--url", base,
        "--header", "Authorization: Bearer \(token)",
        // An event stream never ends, so a generated request to it could only time out; its
        // responses are held to the contract by the live-event tests instead (ContractCheck).
        "--exclude-path", "/v1/feed/events",
        "--max-examples", "25", "--max-time", "60", "--seed", "30",
        "--request-timeout", "5", "--workers", "1", "--no-color",
        "--generation-database", "none",
      ])
      if run.status != 0 {
        try Self.keep(run.output, as: "schemathesis.txt")
      }
      #expect(
        run.status == 0,
        "schemathesis failed (output in .build/artifacts/schemathesis.txt):\n\(run.output)")
    }
  }

  /// A token for the demo owner, made as an operator makes one: `feedctl token create`.
  private static func createToken(databaseURL: String) throws -> String {
    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["--owner", "demo", "token", "create", "--label", "schemathesis"]
    process.environment = ["DATABASE_URL": databaseURL, "NO_COLOR": "1", "LANG": "C.UTF-8"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "feedctl token create failed")
    return try #require(printed.split(separator: "\n").last.map(String.init))
  }

  /// Runs `.build/python/bin/schemathesis` with `arguments`; its exit status and output.
  private static func schemathesis(_ arguments: [String]) throws -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = PhoneContract.repository.appendingPathComponent(
      ".build/python/bin/schemathesis")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  private static func keep(_ text: String, as name: String) throws {
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: artifacts.appendingPathComponent(name))
  }
}
