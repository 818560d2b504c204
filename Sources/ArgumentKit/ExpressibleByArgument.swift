/// A type whose values can be written on a command line.
///
/// Conversion is a failable initializer rather than a throwing one so that conforming types stay
/// tiny; the parser turns a `nil` into a one-line error that names the option, the bad text and
/// what would have been accepted (`expectation(forInvalid:)`), or — for a type that can tell —
/// what exactly is wrong with it (`reason(forInvalid:)`).
///
/// `String`, `Int`, `Int64` and `Bool` conform here. A `String`-backed enum only has to declare
/// the conformance — `enum Format: String, CaseIterable, ExpressibleByArgument { case text, json }`
/// — and gets parsing from its raw values plus the list of allowed values for help and errors.
public protocol ExpressibleByArgument: Sendable {
  /// Creates a value from the text the user typed, or `nil` when the text is not a valid value.
  init?(argument: String)

  /// Every accepted spelling, when the set is small and closed; empty means "any text of the type".
  static var allowedValues: [String] { get }

  /// Completes the sentence "expected …" for a rejected `argument`, e.g. `"an integer"`.
  static func expectation(forInvalid argument: String) -> String

  /// Ends the sentence "invalid value 'x' for --option: …"; by default `expected` and the
  /// expectation. A type whose values can be wrong in more than one way (a date can have the
  /// right shape and still not exist) says which way instead.
  static func reason(forInvalid argument: String) -> String

  /// How a default value is shown in help (`(default: text)`).
  var argumentDescription: String { get }
}

extension ExpressibleByArgument {
  public static var allowedValues: [String] { [] }

  public static func expectation(forInvalid argument: String) -> String {
    allowedValues.isEmpty
      ? "a value of type \(Self.self)"
      : "one of \(allowedValues.joined(separator: ", "))"
  }

  public static func reason(forInvalid argument: String) -> String {
    "expected \(expectation(forInvalid: argument))"
  }

  public var argumentDescription: String { String(describing: self) }
}

extension ExpressibleByArgument where Self: RawRepresentable, RawValue == String {
  public init?(argument: String) {
    self.init(rawValue: argument)
  }

  public var argumentDescription: String { rawValue }
}

extension ExpressibleByArgument
where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
  public static var allowedValues: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
  public init?(argument: String) {
    self = argument
  }
}

extension Bool: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(argument)
  }

  public static var allowedValues: [String] { ["true", "false"] }
}

extension Int: ExpressibleByArgument {}
extension Int64: ExpressibleByArgument {}

extension ExpressibleByArgument where Self: FixedWidthInteger {
  public init?(argument: String) {
    self.init(argument, radix: 10)
  }

  /// Text that has the shape of an integer but does not fit is told the range, so the user learns
  /// why `99999999999999999999` was refused.
  public static func expectation(forInvalid argument: String) -> String {
    let digits =
      argument.first == "-" || argument.first == "+" ? argument.dropFirst() : argument[...]
    let looksLikeInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    return looksLikeInteger ? "an integer from \(Self.min) to \(Self.max)" : "an integer"
  }
}
