import AccountFeedTestSupport
import FeedComponents
import Foundation
import Testing

/// The built `feedphone` follows the demo feed through writes and a server restart and ends
/// on the server's document.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FeedphoneTests {
  @Test func feedphoneFollowsTheDemoFeedThroughWritesAndARestart() async throws {
    try await LiveFeed.with { live in
      let process = Process()
      process.executableURL = try FeedctlProcess.executable(named: "feedphone")
      process.arguments = [
        "--url", live.server.baseURL.absoluteString, "--token", live.token, "--format", "json",
      ]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = Pipe()
      let printed = LineLog()
      try process.run()
      printed.drain(output.fileHandleForReading)
      defer {
        // SIGKILL: the child may inherit a mask that blocks SIGTERM from the test process.
        if process.isRunning {
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
        }
      }
      func lines() throws -> [JSONValue] {
        try printed.text.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
      }
      func waitForLine(_ what: String, _ condition: ([JSONValue]) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !condition(try lines()) {
          try await Task.sleep(for: .milliseconds(50))
        }
        guard condition(try lines()) else {
          throw FixtureError("feedphone did not print \(what): \(printed.text)")
        }
      }

      try await waitForLine("the first version") { $0.count == 1 }
      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 1 WHERE name = '저축 통장'")
      try await waitForLine("the change") { $0.count == 2 }
      try await offPool { [server = live.server] in server.stop() }
      try await live.execute(
        "UPDATE accounts SET name = '큰 비상금' WHERE name = '비상금'")
      try await offPool { [server = live.server] in try server.start() }
      let expected = try await live.serverDocument()
      try await waitForLine("the server's document") {
        $0.last?["digest"]?.stringValue == expected.digest
      }

      let vias = try lines().compactMap { $0["via"]?.stringValue }
      #expect(vias == ["feed", "changeset", "changeset"])
      #expect(try lines().dropFirst().allSatisfy { ($0["stages"]?.integerValue ?? 0) > 0 })
    }
  }
}
