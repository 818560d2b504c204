extension [UInt8] {
  /// Appends the UTF-8 of a literal such as `#","props":"#`, read from the binary's constant
  /// data as a buffer: every item of a feed is written with about a dozen, and appending a
  /// `String`'s `utf8` view went through its generic sequence path, almost twice the work.
  @inline(__always)
  mutating func append(literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }
}
