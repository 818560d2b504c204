import Foundation
import Testing

@testable import Postgres

/// A cluster moves only into a directory that is new, empty or its own, and says in one line
/// why it cannot use any other.
@Suite struct ClusterDirectoryTests {
  private func withPath(_ body: (String) throws -> Void) throws {
    let path = "/tmp/accountfeed-dir-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    defer {
      try? LocalCluster(directory: path, durability: .throwaway).stop()
      try? FileManager.default.removeItem(atPath: path)
    }
    try body(path)
  }

  private func owner(of path: String) throws -> uid_t {
    var status = stat()
    try #require(stat(path, &status) == 0)
    return status.st_uid
  }

  @Test func aDirectoryHoldingOtherFilesIsRefusedAndLeftAsItWas() throws {
    try withPath { path in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try "mine".write(toFile: path + "/notes.txt", atomically: false, encoding: .utf8)
      let error = try #require(throws: LocalClusterError.self) {
        try LocalCluster(directory: path, durability: .throwaway).start()
      }
      #expect(error.description.contains("not empty"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["notes.txt"])
      #expect(try owner(of: path) == geteuid())
      #expect(try owner(of: path + "/notes.txt") == geteuid())
    }
  }

  @Test func anEmptyDirectoryIsUsedWithoutChangingItsOwner() throws {
    try withPath { path in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      let cluster = LocalCluster(directory: path, durability: .throwaway)
      _ = try PostgresConnection(try cluster.start())
      #expect(try owner(of: path) == geteuid())
      #expect(FileManager.default.fileExists(atPath: path + "/" + ClusterDirectory.markerName))
    }
  }

  @Test func aClusterReusesTheDirectoryItMarked() throws {
    try withPath { path in
      let cluster = LocalCluster(directory: path, durability: .throwaway)
      try cluster.start()
      try cluster.stop()
      #expect(try cluster.start().connectionString.contains(cluster.socketDirectory))
    }
  }

  @Test func aFileWhereTheDirectoryShouldBeIsNamed() throws {
    try withPath { path in
      try "not a directory".write(toFile: path, atomically: false, encoding: .utf8)
      let error = try #require(throws: LocalClusterError.self) {
        try LocalCluster(directory: path).start()
      }
      #expect(
        error.description == "cannot use \(path) for the database: it is a file, not a directory")
    }
  }

  @Test func aDirectoryBelowAFileIsNamed() throws {
    try withPath { path in
      try "not a directory".write(toFile: path, atomically: false, encoding: .utf8)
      let error = try #require(throws: LocalClusterError.self) {
        try LocalCluster(directory: path + "/db").start()
      }
      #expect(error.description.contains("\(path) is a file, not a directory"))
    }
  }

  @Test func aPlaceNobodyMayWriteIsExplained() throws {
    let error = try #require(throws: LocalClusterError.self) {
      try LocalCluster(directory: "/sys/accountfeed-\(getpid())").start()
    }
    #expect(
      error.description.hasPrefix("cannot create /sys/accountfeed-\(getpid()) for the database: "))
  }

  @Test func aDirectoryTooDeepForTheSocketIsRefusedBeforeAnythingIsMade() throws {
    try withPath { path in
      let deep = path + "/" + String(repeating: "d", count: 100)
      let error = try #require(throws: LocalClusterError.self) {
        try LocalCluster(directory: deep).start()
      }
      #expect(error.description.contains("unix socket allows"))
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func aRelativeDirectoryIsTakenFromTheCurrentDirectory() {
    let cluster = LocalCluster(directory: "feed-data/")
    #expect(cluster.directory == FileManager.default.currentDirectoryPath + "/feed-data")
  }
}
