/// An open-addressing hash table from identifiers to the entry numbers the caller gives them.
///
/// The diff hashes every identifier exactly once, through this table; `Dictionary` would also
/// store a copy of every key and, for `String`, run SipHash per lookup. Here the table holds only
/// 32-bit entry numbers (about 1 MiB for 100,000 elements, so probes mostly hit cache) and the
/// caller compares keys it already owns. The hash is only used inside one process, never stored.
@usableFromInline
struct IdentifierTable {
  /// Entry number per slot, or -1 when the slot is empty.
  @usableFromInline var slots: [Int32]
  @usableFromInline let mask: Int

  /// A table for at most `capacity` entries, kept under 80% full.
  @inlinable
  init(capacity: Int) {
    var size = 16
    while size < capacity + capacity / 4 { size *= 2 }
    slots = filledArray(-1, count: size)
    mask = size - 1
  }

  /// The entry whose key `isSame` accepts, or nil after adding the key as entry `newEntry`.
  @inlinable
  mutating func findOrInsert(hash: UInt64, newEntry: Int, isSame: (Int) -> Bool) -> Int? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry < 0 {
        slots[slot] = Int32(truncatingIfNeeded: newEntry)
        return nil
      }
      if isSame(entry) { return entry }
      slot = (slot + 1) & mask
    }
  }
}

/// Whether two identifiers are the same identifier for the diff.
///
/// `String` identifiers are the same when their UTF-8 bytes are, not when Swift's `==` says so:
/// `==` treats canonically equivalent spellings ("é" as U+00E9 and as "e" + U+0301) as equal,
/// which `identifierHash` cannot follow without normalising every id. Other types use `==`. This
/// and `identifierHash` decide by the same cast, so they always agree.
@inlinable
func identifiersEqual<ID: Hashable>(_ lhs: ID, _ rhs: ID) -> Bool {
  guard let left = lhs as? String, let right = rhs as? String else { return lhs == rhs }
  if sameRepresentation(left, right) { return true }
  let leftBytes = left.utf8
  let rightBytes = right.utf8
  guard leftBytes.count == rightBytes.count else { return false }
  let compared = leftBytes.withContiguousStorageIfAvailable { leftBuffer in
    rightBytes.withContiguousStorageIfAvailable { rightBuffer in
      sameBytes(UnsafeRawBufferPointer(leftBuffer), UnsafeRawBufferPointer(rightBuffer))
    }
  }
  return (compared ?? nil) ?? leftBytes.elementsEqual(rightBytes)
}

/// Whether two strings have the same in-memory representation, which means the same bytes: the
/// same small-string payload, or the same storage and length. Most comparisons in a diff are of
/// an id with itself (a copy of it), so this answers them without reading the bytes; different
/// representations can still hold the same bytes and go on to the full comparison.
@inlinable
func sameRepresentation(_ left: String, _ right: String) -> Bool {
  guard MemoryLayout<String>.size == 2 * MemoryLayout<UInt64>.size else { return false }
  return withUnsafeBytes(of: left) { leftBytes in
    withUnsafeBytes(of: right) { rightBytes in
      leftBytes.loadUnaligned(as: UInt64.self) == rightBytes.loadUnaligned(as: UInt64.self)
        && leftBytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
          == rightBytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }
  }
}

/// Whether two buffers of the same length hold the same bytes, compared eight at a time.
@inlinable
func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
  var offset = 0
  while offset + 8 <= left.count {
    guard
      left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    else { return false }
    offset += 8
  }
  while offset < left.count {
    guard left[offset] == right[offset] else { return false }
    offset += 1
  }
  return true
}

/// A well-mixed 64-bit hash of an identifier for `IdentifierTable`, consistent with
/// `identifiersEqual`.
///
/// `String` identifiers, the common case, are hashed FNV-1a-style over their UTF-8 bytes, eight
/// at a time, with a final avalanche; other types use their `Hashable` conformance.
@inlinable
func identifierHash<ID: Hashable>(_ id: ID) -> UInt64 {
  var hash: UInt64
  if let string = id as? String {
    hash =
      string.utf8.withContiguousStorageIfAvailable { fnv1a(UnsafeRawBufferPointer($0)) }
      ?? {
        var copy = string
        return copy.withUTF8 { fnv1a(UnsafeRawBufferPointer($0)) }
      }()
  } else {
    hash = UInt64(bitPattern: Int64(id.hashValue))
  }
  hash ^= hash >> 33
  hash &*= 0xFF51_AFD7_ED55_8CCD
  hash ^= hash >> 33
  return hash
}

/// FNV-1a over eight bytes at a time, then the remaining bytes one by one.
@inlinable
func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  var value: UInt64 = 0xCBF2_9CE4_8422_2325
  var offset = 0
  while offset + 8 <= bytes.count {
    value =
      (value ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      &* 0x0000_0100_0000_01B3
    offset += 8
  }
  while offset < bytes.count {
    value = (value ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
    offset += 1
  }
  return value
}
