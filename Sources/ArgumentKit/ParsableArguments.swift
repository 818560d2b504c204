/// A type made of declared arguments (`@Option`, `@Flag`, `@Argument`, `@OptionGroup`).
///
/// Why property wrappers found by `Mirror`, as swift-argument-parser does: the declaration sits
/// on the property it fills, so a command reads as a list of its inputs with their help, and the
/// parsed value is an ordinary immutable-by-default struct that is `Sendable` under strict
/// concurrency. `init()` produces a value whose wrappers only *describe* themselves; the parser
/// reflects that value to learn what is accepted, then builds the real value through `Decodable`
/// (synthesized by the compiler), so no stored property is ever set by reflection.
///
/// Every stored property must be one of the four wrappers; a plain stored property would have to
/// be decoded and fails loudly on the first parse.
public protocol ParsableArguments: Decodable, Sendable {
  init()

  /// Checks rules that span several arguments, after parsing and before `run`. Throw a
  /// `ValidationError`; it is reported as a usage error (exit code 2).
  func validate() throws
}

extension ParsableArguments {
  public func validate() throws {}
}
