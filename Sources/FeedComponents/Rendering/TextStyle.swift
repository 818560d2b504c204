/// Styling for terminal text: ANSI escape codes when colour was asked for, plain text otherwise.
///
/// Whether to ask is the caller's decision (a terminal, and no `NO_COLOR`); `shouldUseColor` answers
/// it the usual way. Styles wrap text after layout, so escape codes never count as columns.
public struct TextStyle: Hashable, Sendable {
  public var color: Bool

  public init(color: Bool) {
    self.color = color
  }

  /// Colour only on a terminal, and never when `NO_COLOR` is set to anything (https://no-color.org).
  public static func shouldUseColor(environment: [String: String], isTerminal: Bool) -> Bool {
    isTerminal && environment["NO_COLOR"] == nil
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func warning(_ text: String) -> String { wrap(text, "33") }
  public func critical(_ text: String) -> String { wrap(text, "1;31") }
  public func accent(_ text: String) -> String { wrap(text, "36") }

  private func wrap(_ text: String, _ code: String) -> String {
    color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
