/// The ids a long document has shown so far, kept as 64-bit fingerprints in an open-addressing
/// table: `FeedDocument` checks that no id repeats with it, once per id of every feed it builds.
///
/// A `Set<String>` did the same for a fifth of the time it took to build a document from rows
/// already drawn (20 ms of 100,000 ids): it hashes each id with SipHash through the string's
/// storage and keeps each string in a 16-byte slot of a table four times the size. Here an id
/// costs one pass of FNV-1a over its bytes (ids are short ASCII) and a probe of a table of
/// 8-byte slots, half full at most.
///
/// A fingerprint already in the table only says that the id may repeat: two ids can share one,
/// with odds of about n²/2⁶⁵ for a feed of n ids. The caller confirms with the ids themselves
/// (`FeedDocument.validateIDs` scans for the first one, which it does anyway to name it), so a
/// shared fingerprint costs time, never a wrong answer. The seed is drawn once per process, so
/// text chosen to make fingerprints collide cannot be prepared in advance.
struct IdentifierFingerprints {
  /// Fingerprints where they hashed to, 0 for an empty slot (a fingerprint of 0 is stored as 1).
  private var slots: [UInt64]
  private let mask: Int

  /// A table with room for `count` ids at most half full.
  init(capacity count: Int) {
    var size = 16
    while size < 2 * count { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// Adds the fingerprint of `id` and returns whether it was new; false means `id` may have been
  /// added before.
  mutating func insert(_ id: String) -> Bool {
    let fingerprint =
      id.utf8.withContiguousStorageIfAvailable { Self.fingerprint(of: $0) }
      ?? Self.fingerprint(of: Array(id.utf8))
    // Fibonacci hashing: the high bits of the product pick the slot, so ids differing only in
    // their last digits spread over the table.
    var slot = Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    return slots.withUnsafeMutableBufferPointer { slots in
      while true {
        let held = slots[slot]
        if held == 0 {
          slots[slot] = fingerprint
          return true
        }
        if held == fingerprint { return false }
        slot = (slot + 1) & mask
      }
    }
  }

  /// FNV-1a (64-bit) of the bytes from this process's seed, never 0.
  private static func fingerprint(of bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = seed
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return hash == 0 ? 1 : hash
  }

  /// FNV-1a's offset basis, mixed with a value drawn once per process.
  private static let seed: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64.random(in: 1...UInt64.max)
}
