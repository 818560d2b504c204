/// A text with `{name}` placeholders, such as the URL `app://accounts/{id}` or the label
/// `합계 ({currency})`, checked when the layout is read so that a typo in a placeholder is an error
/// at load time rather than a broken link on a phone.
public struct Template: Hashable, Sendable, CustomStringConvertible {
  private enum Part: Hashable, Sendable {
    case text(String)
    case placeholder(String)
  }

  /// The template as written.
  public let text: String
  private let parts: [Part]

  /// Reads `text`, accepting only the placeholders in `allowed`; the error is the problem in words.
  public init(_ text: String, allowed: [String]) throws(TemplateProblem) {
    self.text = text
    self.parts = try Self.parts(of: text, allowed: allowed)
  }

  /// A template written in this module's own code, whose placeholders are known to be right.
  init(literal text: String) {
    self.text = text
    self.parts = (try? Self.parts(of: text, allowed: nil)) ?? [.text(text)]
  }

  /// Splits `text` into literal text and placeholders; `allowed` nil accepts any name.
  private static func parts(of text: String, allowed: [String]?) throws(TemplateProblem) -> [Part] {
    var parts: [Part] = []
    var literal = ""
    var name: String?
    for character in text {
      switch (character, name) {
      case ("{", nil):
        parts.append(.text(literal))
        literal = ""
        name = ""
      case ("{", .some):
        throw TemplateProblem("'{' inside a placeholder; placeholders cannot nest")
      case ("}", nil):
        throw TemplateProblem("'}' without a matching '{'")
      case ("}", .some(let placeholder)):
        if let allowed, !allowed.contains(placeholder) {
          throw TemplateProblem(
            "unknown placeholder '{\(placeholder)}' (expected "
              + allowed.map { "{\($0)}" }.joined(separator: ", ") + ")")
        }
        parts.append(.placeholder(placeholder))
        name = nil
      case (_, nil):
        literal.append(character)
      case (_, .some(let placeholder)):
        name = placeholder + String(character)
      }
    }
    guard name == nil else { throw TemplateProblem("'{' without a matching '}'") }
    parts.append(.text(literal))
    return parts.filter { $0 != .text("") }
  }

  /// The text with each placeholder replaced by its value (or left empty if `values` lacks it).
  public func filled(_ values: [String: String]) -> String {
    filled { values[$0] }
  }

  /// The text with each placeholder replaced by `value(name)`, or by nothing when it gives nil:
  /// for a caller that fills one template per row and has no dictionary of values to build.
  public func filled(_ value: (String) -> String?) -> String {
    var filled = ""
    for part in parts {
      switch part {
      case .text(let text): filled += text
      case .placeholder(let name): filled += value(name) ?? ""
      }
    }
    return filled
  }

  public var description: String { text }
}
