extension StringProtocol {
  /// The text without the spaces and tabs around it: HTTP's optional whitespace (RFC 9110
  /// §5.6.3), around a field's value and between the members of a list. Only those two, not
  /// every Unicode space Foundation's `.whitespaces` names, and without bridging to `NSString`,
  /// which on Linux cost every request a few microseconds per field on the network threads.
  public func trimmingOptionalWhitespace() -> SubSequence {
    let isOptionalWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isOptionalWhitespace($0) }),
      let last = lastIndex(where: { !isOptionalWhitespace($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
