/// The command line does not fit what the command declares.
///
/// Every case renders as one sentence that says what was wrong and, where it can, what would be
/// right — a suggestion for a misspelling, the accepted values, the missing piece. The `kind`
/// lets tests and callers tell the cases apart without matching text.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible, ExitCodeProviding {
  public enum Kind: Equatable, Sendable {
    case unknownOption
    case unknownSubcommand
    case missingSubcommand
    case missingValue
    case missingOption
    case missingArgument
    case unexpectedArgument
    case invalidValue
    case flagWithValue
  }

  public let kind: Kind
  public let message: String

  init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
  public var exitCode: Int32 { 2 }

  static func unknownOption(_ option: String, suggestion: String?, command: String) -> UsageError {
    let advice =
      suggestion.map { "did you mean '\($0)'?" } ?? "see '\(command) --help' for the options"
    return UsageError(.unknownOption, "unknown option '\(option)'; \(advice)")
  }

  static func unknownSubcommand(
    _ name: String, command: String, suggestion: String?, available: [String]
  ) -> UsageError {
    let advice =
      suggestion.map { "did you mean '\($0)'?" }
      ?? "expected one of: \(available.joined(separator: ", "))"
    return UsageError(.unknownSubcommand, "unknown command '\(name)' for '\(command)'; \(advice)")
  }

  static func missingSubcommand(command: String, available: [String]) -> UsageError {
    UsageError(
      .missingSubcommand,
      "'\(command)' needs a subcommand: \(available.joined(separator: ", "))")
  }

  static func missingValue(for declaration: ArgumentDeclaration, as spelled: String) -> UsageError {
    UsageError(
      .missingValue,
      "option '\(spelled)' needs a value: \(spelled) <\(declaration.valueName)>")
  }

  static func missing(_ declaration: ArgumentDeclaration) -> UsageError {
    declaration.kind == .positional
      ? UsageError(.missingArgument, "missing required argument '\(declaration.synopsis)'")
      : UsageError(.missingOption, "missing required option '\(declaration.synopsis)'")
  }

  static func unexpectedArgument(_ argument: String, command: String, accepted: Int) -> UsageError {
    let advice =
      switch accepted {
      case 0: "'\(command)' takes no arguments"
      case 1: "'\(command)' takes at most 1 argument"
      default: "'\(command)' takes at most \(accepted) arguments"
      }
    return UsageError(.unexpectedArgument, "unexpected argument '\(argument)'; \(advice)")
  }

  static func invalidValue(_ text: String, for origin: String, reason: String) -> UsageError {
    UsageError(.invalidValue, "invalid value '\(text)' for \(origin): \(reason)")
  }

  static func flagWithValue(_ flag: String, value: String) -> UsageError {
    UsageError(
      .flagWithValue,
      "flag '\(flag)' does not take a value (got '\(value)'); write '\(flag)' alone")
  }
}
