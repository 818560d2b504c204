import Foundation
import HTTPServer
import Synchronization

/// Gzipped bodies kept by the entity tag they were sent under, so a feed read again and again
/// is compressed once, not once per request. Compression is deterministic, so a tag names one
/// body for ever and nothing needs forgetting when a feed changes: a changed feed has another
/// tag. Bounded like the service's caches: past `limit` entries everything is forgotten at once.
final class CompressedBodies: Sendable {
  private let bodies = Mutex<[String: Data]>([:])
  let limit: Int

  init(limit: Int = 10_000) {
    self.limit = limit
  }

  /// Whether a gzipped body is kept under `key`: then `gzip(_:key:)` only looks it up.
  func holds(_ key: String) -> Bool {
    bodies.withLock { $0[key] != nil }
  }

  /// The gzipped `body` kept under `key`, compressed now when it is not kept yet.
  func gzip(_ body: Data, key: String) -> Data {
    if let kept = bodies.withLock({ $0[key] }) { return kept }
    let compressed = Gzip.compress(body)
    bodies.withLock { bodies in
      if bodies.count >= limit { bodies.removeAll() }
      bodies[key] = compressed
    }
    return compressed
  }
}
