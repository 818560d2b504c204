import Foundation
import Synchronization
import Testing

@testable import FeedComponents

@Suite struct SHA256Tests {
  @Test func emptyInputMatchesTheFIPSVector() {
    #expect(
      SHA256.hexDigest(of: [])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func abcMatchesTheFIPSVector() {
    #expect(
      SHA256.hexDigest(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func twoBlockMessageMatchesTheFIPSVector() {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(
      SHA256.hexDigest(of: Array(message.utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func oneMillionAsMatchesTheFIPSVector() {
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Each hasher keeps its own state: one left in the middle of a message, one open while
  /// another finishes, and hashers on several threads at once each give their own digest.
  @Test func hashersOpenAtOnceKeepTheirOwnState() {
    var abandoned = SHA256.Hasher()
    abandoned.update(Array("left unfinished".utf8))
    _ = consume abandoned
    var outer = SHA256.Hasher()
    outer.update(Array("ab".utf8))
    #expect(
      SHA256.hexDigest(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    outer.update(Array("c".utf8))
    #expect(
      outer.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let vectors = [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ]
    let wrong = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      let (message, expected) = vectors[thread % 2]
      for _ in 0..<2_000 where SHA256.hexDigest(of: Array(message.utf8)) != expected {
        wrong.withLock { $0 += 1 }
      }
    }
    #expect(wrong.withLock { $0 } == 0)
  }

  @Test func everyLengthAroundTheBlockBoundariesAgreesWithCoreutils() throws {
    let tool = try #require(
      ["/usr/bin/sha256sum", "/bin/sha256sum"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "sha256sum is needed as an independent reference")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("sha256-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var expected: [String: String] = [:]
    var paths: [String] = []
    for length in 0...130 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let path = directory.appendingPathComponent("m\(length)").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      expected[path] = SHA256.hexDigest(of: bytes)
      paths.append(path)
    }
    let result = try ChildProcess.run(tool, paths)
    #expect(result.status == 0)
    var checked = 0
    for line in result.output.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      let path = String(parts[1].drop { $0 == " " || $0 == "*" })
      #expect(expected[path] == String(parts[0]), "length \(path)")
      checked += 1
    }
    #expect(checked == 131)
  }

  @Test func aHasherFedInPartsGivesTheDigestOfTheWhole() {
    let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    var hasher = SHA256.Hasher()
    hasher.update(Array(message[..<3]))
    hasher.update([])
    hasher.update(Array(message[3..<40]))
    hasher.update(Array(message[40...]))
    #expect(
      hasher.finalizeHex() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func aHasherFedFromBuffersMatchesTheMillionAsVector() {
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    var hasher = SHA256.Hasher()
    for _ in 0..<1000 { chunk.withUnsafeBytes { hasher.update($0) } }
    #expect(
      hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
