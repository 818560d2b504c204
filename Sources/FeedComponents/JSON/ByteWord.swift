/// Eight bytes of text tested at once, as one `UInt64` ("SWAR"): the scanners skip strings and
/// the writer checks them for escapes a word at a time, since a feed's text is mostly strings.
enum ByteWord {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `index`, in memory order from the lowest byte of the word up.
  @inline(__always)
  static func load(_ base: UnsafePointer<UInt8>, at index: Int) -> UInt64 {
    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
  }

  /// A word with the high bit set in the bytes of `word` below `limit` (at most 128):
  /// `(v - n·1) & ~v & 0x80·1`. It is zero exactly when no byte is; the lowest bit set marks
  /// the first such byte, and bits above it may be false.
  @inline(__always)
  static func bytes(below limit: UInt64, in word: UInt64) -> UInt64 {
    (word &- ones &* limit) & ~word & highs
  }

  /// The same for the bytes of `word` equal to `byte`: the zero bytes of the word XOR `byte`
  /// repeated.
  @inline(__always)
  static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
    bytes(below: 1, in: word ^ (ones &* UInt64(byte)))
  }
}
