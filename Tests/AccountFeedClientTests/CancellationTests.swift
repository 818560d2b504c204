import AccountFeedClient
import Foundation
import Testing

/// Cancelling the task that iterates `updates()` ends the follower and closes its connection:
/// no socket to the server stays open in this process, and the task ends.
@Suite(.serialized, .timeLimit(.minutes(3))) struct CancellationTests {
  /// This process's descriptors that are TCP connections to `port` on loopback.
  private static func socketsTo(port: Int) -> Int {
    var inodes = Set<String>()
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
      // Read to the end: procfs files report no size, so a read sized by `stat` gets nothing.
      guard let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() else {
        continue
      }
      let text = String(decoding: data, as: UTF8.self)
      for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        guard fields.count > 9, let remote = fields[2].split(separator: ":").last,
          Int(remote, radix: 16) == port
        else { continue }
        inodes.insert("socket:[\(fields[9])]")
      }
    }
    let descriptors =
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)"))
        .map(inodes.contains) == true
    }.count
  }

  @Test func cancellingTheFollowClosesItsConnection() async throws {
    try await LiveFeed.with { live in
      let port = live.server.port
      let before = Self.socketsTo(port: port)
      let recorder = UpdateRecorder.follow(live.client())
      try await recorder.wait("the first document") { $0.count == 1 }
      #expect(Self.socketsTo(port: port) == before + 1)

      await recorder.stop()
      #expect(recorder.hasEnded)
      #expect(eventually(5) { Self.socketsTo(port: port) == before })
    }
  }

  @Test func cancellingWhileReconnectingEndsTheFollower() async throws {
    try await LiveFeed.with { live in
      let recorder = UpdateRecorder.follow(live.client())
      try await recorder.wait("the first document") { $0.count == 1 }
      try await offPool { [server = live.server] in server.stop() }
      try await Task.sleep(for: .milliseconds(300))
      await recorder.stop()
      #expect(recorder.hasEnded)
      #expect(Self.socketsTo(port: live.server.port) == 0)
    }
  }
}
