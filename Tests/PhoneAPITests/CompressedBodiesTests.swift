import Foundation
import HTTPServer
import Testing

@testable import PhoneAPI

/// The gzipped bodies kept by tag: bounded in bytes, the least recently sent forgotten first,
/// never everything at once.
@Suite("Compressed bodies")
struct CompressedBodiesTests {
  private static let body = Data(String(repeating: "feed ", count: 200).utf8)

  /// What one body kept under a one-letter key costs.
  private static var cost: Int {
    CompressedBodies.entryOverhead + 1 + Gzip.compress(body).count
  }

  @Test func aBodyIsCompressedOnceAndKept() {
    let bodies = CompressedBodies()
    #expect(!bodies.holds("a"))
    let first = bodies.gzip(Self.body, key: "a")
    #expect(bodies.holds("a"))
    #expect(bodies.gzip(Data(), key: "a") == first)
  }

  @Test func pastTheBoundTheLeastRecentlySentBodyIsForgottenAndTheOthersKept() {
    let bodies = CompressedBodies(capacity: 2 * Self.cost)
    _ = bodies.gzip(Self.body, key: "a")
    _ = bodies.gzip(Self.body, key: "b")
    _ = bodies.gzip(Self.body, key: "a")
    _ = bodies.gzip(Self.body, key: "c")
    #expect(bodies.holds("a"))
    #expect(!bodies.holds("b"))
    #expect(bodies.holds("c"))
  }
}
