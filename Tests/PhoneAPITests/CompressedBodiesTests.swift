import Foundation
import GzipCoding
import Testing

@testable import PhoneAPI

/// The gzipped bodies kept by tag: bounded in bytes, the least recently sent forgotten first,
/// never everything at once.
@Suite("Compressed bodies")
struct CompressedBodiesTests {
  private static let body = Data(String(repeating: "feed ", count: 200).utf8)

  private static let gzipped = Gzip.compress(body)

  /// What one body kept under a one-letter key costs.
  private static var cost: Int {
    CompressedBodies.entryOverhead + 1 + gzipped.count
  }

  /// Whether `key` still holds the body: then what is asked to be compressed under it is not
  /// (an empty body, whose gzip differs), and the kept gzip comes back.
  private static func holdsTheBody(_ bodies: CompressedBodies, _ key: String) -> Bool {
    bodies.gzip(Data(), key: key) == gzipped
  }

  @Test func aBodyIsCompressedOnceAndKept() {
    let bodies = CompressedBodies()
    #expect(bodies.gzip(Self.body, key: "a") == Self.gzipped)
    #expect(Self.holdsTheBody(bodies, "a"))
  }

  @Test func pastTheBoundTheLeastRecentlySentBodyIsForgottenAndTheOthersKept() {
    let bodies = CompressedBodies(capacity: 2 * Self.cost)
    _ = bodies.gzip(Self.body, key: "a")
    _ = bodies.gzip(Self.body, key: "b")
    _ = bodies.gzip(Self.body, key: "a")
    _ = bodies.gzip(Self.body, key: "c")
    #expect(Self.holdsTheBody(bodies, "a"))
    #expect(Self.holdsTheBody(bodies, "c"))
    #expect(!Self.holdsTheBody(bodies, "b"))
  }
}
