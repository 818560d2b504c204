import AccountFeedTestSupport
import AccountModel
import AccountStore
import BrowserTestSupport
import FeedService
import Foundation
import PostgresTestSupport
import Testing

/// `feedctl preview`, the real binary: it says where to open the page, serves it, streams a
/// write made by another process to the open page, and stops cleanly on SIGTERM.
@Suite(.serialized) struct PreviewCommandTests {
  @Test func theBinaryServesThePageLiveAndStopsOnSIGTERM() throws {
    try TestDatabase.with(.migrated) { database in
      let service = FeedService { try AccountStore(database.configuration) }
      _ = try service.seedDemo()
      let log = FileManager.default.temporaryDirectory
        .appending(path: "feedctl-preview-\(UUID().uuidString).log")
      defer { try? FileManager.default.removeItem(at: log) }
      guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
        throw BrowserError.launchFailed("cannot create \(log.path)")
      }
      let process = Process()
      process.executableURL = try FeedctlProcess.executable()
      process.arguments = ["preview", "--listen", "127.0.0.1:0"]
      process.environment = [
        "DATABASE_URL": database.configuration.connectionString, "LANG": "C.UTF-8",
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(forWritingTo: log)
      try process.run()
      defer { if process.isRunning { process.terminate() } }
      let address = try Self.address(in: log, of: process)
      #expect(address.hasPrefix("http://127.0.0.1:"))
      try Chromium.withPage { page in
        try page.openOwner("demo", base: String(address.dropLast()))
        let account = try service.accounts(owner: "demo")[0]
        try service.apply(
          [.updateAccount(id: account.id, AccountUpdate(balance: 123_456))], in: .owner("demo"),
          reason: "from another process")
        try page.wait(for: "previewState.applied === 1")
        #expect(
          try page.string("document.querySelector('#feed .comp-account_row .c-value').textContent")
            == "123,456원")
      }
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      let printed = try String(contentsOf: log, encoding: .utf8)
      #expect(printed.contains("feedctl preview: SIGTERM"))
      #expect(printed.hasSuffix("feedctl preview: stopped\n"))
    }
  }

  @Test func itListensOnLoopbackPort8090UnlessToldOtherwise() throws {
    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["preview", "--help"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let help = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(help.contains("Listens on 127.0.0.1:8090 unless --listen"))
  }

  /// The `open http://…/` address from the line the binary prints on standard error.
  static func address(in log: URL, of process: Process) throws -> String {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, process.isRunning {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "feedctl preview: open ") {
        let line = text[range.upperBound...].prefix { !$0.isNewline }
        if line.hasSuffix("/") { return String(line) }
      }
      usleep(20_000)
    }
    throw BrowserError.timedOut(
      "feedctl preview to say where it listens: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"
    )
  }
}
