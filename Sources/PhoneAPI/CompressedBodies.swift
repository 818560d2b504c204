import BoundedMemory
import Foundation
import GzipCoding

/// Gzipped bodies kept by the entity tag they were sent under, so a changeset or a screen asked
/// for again and again is compressed once, not once per request (a feed is kept gzipped by the
/// service already: `ServedFeed`). Compression is deterministic, so a tag names one
/// body for ever and nothing needs forgetting when a feed changes: a changed feed has another
/// tag. Bounded in bytes like the served cache: past `capacity` the least recently sent bodies
/// are forgotten, one at a time (`LeastRecentlyUsed`), so more owners than fit lower the hit
/// rate instead of emptying the whole store at once.
final class CompressedBodies: Sendable {
  /// What every body costs beyond its bytes: its key's bytes are added, and this stands for
  /// the dictionary slot and the list node.
  static let entryOverhead = 128
  /// The default bound: 32 MiB, some 30,000 gzipped bodies the size of a ten-account feed.
  static let defaultCapacity = 32 << 20

  private let bodies: SleepingMutex<LeastRecentlyUsed<String, Data>>

  init(capacity: Int = CompressedBodies.defaultCapacity) {
    bodies = SleepingMutex(LeastRecentlyUsed(capacity: capacity))
  }

  /// The gzipped `body` kept under `key`, compressed now when it is not kept yet.
  func gzip(_ body: Data, key: String) -> Data {
    if let kept = bodies.withLock({ $0.use(key) }) { return kept }
    let compressed = Gzip.compress(body)
    let cost = Self.entryOverhead + key.utf8.count + compressed.count
    _ = bodies.withLock { $0.insert(compressed, for: key, cost: cost) { _, _ in } }
    return compressed
  }
}
