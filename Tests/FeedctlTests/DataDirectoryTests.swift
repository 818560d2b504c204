import AccountFeedTestSupport
import Foundation
import Testing

/// The embedded database never takes over a directory it did not make, and a data directory
/// it cannot use is exit 8 with one line saying why.
@Suite("Data directory")
struct DataDirectoryTests {
  private func withPath(_ body: (String) throws -> Void) throws {
    let path = "/tmp/feedctl-datadir-\(getpid())-\(UUID().uuidString.prefix(8))"
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: ["FEEDCTL_DATA_DIR": path])
      try? FileManager.default.removeItem(atPath: path)
    }
    try body(path)
  }

  private func expectOneLineExit8(
    _ result: FeedctlResult, saying cause: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.code == 8, sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.error.contains(cause), "\(result.error)", sourceLocation: sourceLocation)
    #expect(!result.error.contains("Domain"), sourceLocation: sourceLocation)
  }

  @Test func aDirectoryWithSomeoneElsesFilesIsRefusedAndLeftAlone() throws {
    try withPath { path in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try "keep me".write(toFile: path + "/notes.txt", atomically: false, encoding: .utf8)
      let before = try FileManager.default.attributesOfItem(atPath: path + "/notes.txt")
      let result = try FeedctlProcess.run(["demo"], environment: ["FEEDCTL_DATA_DIR": path])
      expectOneLineExit8(result, saying: "not empty")
      #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["notes.txt"])
      let after = try FileManager.default.attributesOfItem(atPath: path + "/notes.txt")
      #expect(after[.ownerAccountID] as? Int == before[.ownerAccountID] as? Int)
      #expect(after[.posixPermissions] as? Int == before[.posixPermissions] as? Int)
    }
  }

  @Test func anEmptyDirectoryKeepsItsOwner() throws {
    try withPath { path in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      let result = try FeedctlProcess.run(["db", "start"], environment: ["FEEDCTL_DATA_DIR": path])
      #expect(result.code == 0, "\(result.error)")
      let owner = try FileManager.default.attributesOfItem(atPath: path)[.ownerAccountID] as? Int
      #expect(owner == Int(geteuid()))
    }
  }

  @Test func aFileAsTheDataDirectoryIsExit8() throws {
    try withPath { path in
      try "a file".write(toFile: path, atomically: false, encoding: .utf8)
      let result = try FeedctlProcess.run(
        ["owner", "list"], environment: ["FEEDCTL_DATA_DIR": path])
      expectOneLineExit8(result, saying: "\(path) for the database: it is a file, not a directory")
    }
  }

  @Test func anUnwritablePlaceIsExit8() throws {
    let path = "/sys/feedctl-\(getpid())"
    let result = try FeedctlProcess.run(["db", "start"], environment: ["FEEDCTL_DATA_DIR": path])
    expectOneLineExit8(result, saying: "cannot create \(path) for the database: ")
  }

  @Test func aPathTooLongForTheSocketIsExit8() throws {
    try withPath { path in
      let deep = path + "/" + String(repeating: "d", count: 100)
      let result = try FeedctlProcess.run(["demo"], environment: ["FEEDCTL_DATA_DIR": deep])
      expectOneLineExit8(result, saying: "unix socket allows")
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func theHelpDocumentsExit8() throws {
    let result = try FeedctlProcess.run(["--help"])
    #expect(result.output.contains("8  the embedded database could not be set up or started"))
  }
}
