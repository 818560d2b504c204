/// An open-addressing hash table that numbers identifiers densely, in the order they are added.
///
/// The diff hashes every identifier exactly once, through this table; `Dictionary` would also
/// store a copy of every key and, for `String`, run SipHash per lookup. Here the table holds only
/// 32-bit entry numbers (about 1 MiB for 100,000 elements, so probes mostly hit cache) and the
/// caller compares keys it already owns. The hash is only used inside one process, never stored.
@usableFromInline
struct IdentifierTable {
  /// Entry number per slot, or -1 when the slot is empty.
  @usableFromInline var slots: [Int32]
  @usableFromInline var count = 0
  @usableFromInline let mask: Int

  /// A table for at most `capacity` entries, kept under 80% full.
  @inlinable
  init(capacity: Int) {
    var size = 16
    while size < capacity + capacity / 4 { size *= 2 }
    slots = Array(repeating: -1, count: size)
    mask = size - 1
  }

  /// The entry whose key `isSame` accepts, or nil after adding the key as the next entry.
  @inlinable
  mutating func findOrInsert(hash: UInt64, isSame: (Int) -> Bool) -> Int? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry < 0 {
        slots[slot] = Int32(truncatingIfNeeded: count)
        count += 1
        return nil
      }
      if isSame(entry) { return entry }
      slot = (slot + 1) & mask
    }
  }
}

/// A well-mixed 64-bit hash of an identifier for `IdentifierTable`.
///
/// `String` identifiers, the common case, are hashed as FNV-1a over their UTF-8 bytes with a
/// final avalanche; other types use their `Hashable` conformance.
@inlinable
func identifierHash<ID: Hashable>(_ id: ID) -> UInt64 {
  var hash: UInt64
  if var string = id as? String {
    hash = string.withUTF8 { bytes in
      var value: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
      return value
    }
  } else {
    hash = UInt64(bitPattern: Int64(id.hashValue))
  }
  hash ^= hash >> 33
  hash &*= 0xFF51_AFD7_ED55_8CCD
  hash ^= hash >> 33
  return hash
}
