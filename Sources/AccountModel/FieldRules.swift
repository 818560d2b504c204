import Foundation

/// The rules for every field a caller can set, checked before any statement is sent.
///
/// The schema enforces the same rules as constraints; checking here first lets the error name
/// the field and say what would be right, instead of quoting a constraint name.
public enum FieldRules {
  /// Owner ids appear in URLs, logs and advisory-lock keys: short, lowercase ASCII only.
  public static func ownerID(_ id: String) throws(FieldError) {
    let allowed = id.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
    }
    guard allowed, (1...64).contains(id.unicodeScalars.count), id.first != "_", id.first != "-"
    else {
      throw .invalid(
        field: "owner id",
        reason:
          "'\(id)' must be 1 to 64 lowercase letters, digits, '_' or '-', starting with a letter or digit"
      )
    }
  }

  /// Text a person reads on one line: a name or a message.
  ///
  /// Besides its length it must show what it holds: no control characters (a newline or an
  /// escape sequence would break the line or drive the terminal), no bidirectional controls
  /// (an override reverses the text after it, so one name could pass for another), and at least
  /// one visible character. Joiners and variation selectors are welcome inside real text (emoji
  /// such as a family or a red heart need them), just not on their own.
  public static func text(_ value: String, field: String, maximum: Int) throws(FieldError) {
    let length = value.unicodeScalars.count
    guard length > 0, !value.allSatisfy(\.isWhitespace) else {
      throw .invalid(field: field, reason: "must not be empty")
    }
    guard length <= maximum else {
      throw .invalid(field: field, reason: "must be at most \(maximum) characters, got \(length)")
    }
    guard !value.unicodeScalars.contains(where: isLineBreakingControl) else {
      throw .invalid(field: field, reason: "must not contain control characters such as newlines")
    }
    if let control = value.unicodeScalars.first(where: isBidirectionalControl) {
      throw .invalid(
        field: field,
        reason:
          "must not contain the bidirectional control \(codePoint(control)), which changes how the text around it is shown"
      )
    }
    guard value.unicodeScalars.contains(where: { !isInvisible($0) }) else {
      let shown = value.unicodeScalars.prefix(3).map(codePoint).joined(separator: " ")
      throw .invalid(
        field: field,
        reason:
          "must contain a visible character; it has only invisible ones (\(shown)\(length > 3 ? " …" : ""))"
      )
    }
  }

  /// Kinds group accounts in layouts; `AccountKind` holds the rule layouts share.
  public static func kind(_ kind: String) throws(FieldError) {
    guard AccountKind.isValid(kind) else {
      throw .invalid(
        field: "kind",
        reason:
          "'\(kind)' must be 1 to 32 lowercase letters, digits, '_' or '-', starting with a letter")
    }
  }

  /// The currency for an ISO 4217 code; a lowercase code is refused with the code it means.
  public static func currency(_ code: String) throws(FieldError) -> Currency {
    if let currency = Currency(code: code) { return currency }
    let advice =
      Currency(code: code.uppercased()) != nil
      ? "; did you mean '\(code.uppercased())'?" : " such as KRW or USD"
    throw .invalid(field: "currency", reason: "'\(code)' is not an ISO 4217 code\(advice)")
  }

  /// A place in a list, as any caller may write it (a command-line number, a JSON integer):
  /// 0 to `Int32.max`, the range the database stores.
  public static func position(_ position: Int64) throws(FieldError) -> Int32 {
    guard position >= 0, let value = Int32(exactly: position) else {
      throw .invalid(field: "position", reason: "must be 0 to \(Int32.max), got \(position)")
    }
    return value
  }

  /// A position already in the stored type, as the store checks it.
  public static func position(_ position: Int32) throws(FieldError) {
    _ = try Self.position(Int64(position))
  }

  /// Row ids are positive: 0 and below can only be a mistake.
  public static func id(_ id: Int64, of what: String) throws(FieldError) {
    guard id > 0 else {
      throw .invalid(field: "\(what) id", reason: "must be positive (ids start at 1), got \(id)")
    }
  }

  /// Snapshot labels must never read as a number, a file or `live` (see `SnapshotLabel`).
  public static func label(_ label: String) throws(FieldError) {
    guard SnapshotLabel.isValid(label) else {
      throw .invalid(
        field: "label",
        reason:
          "'\(label)' must start with a letter and use only letters, digits, '.', '_' or '-' (at most 64, not ending in .json, not 'live')"
      )
    }
  }

  /// A notice window whose both sides are given must end after it starts.
  public static func window(from: Date?, until: Date?) throws(FieldError) {
    if let from, let until, from >= until {
      throw .invalid(field: "active window", reason: "must end after it starts")
    }
  }

  /// C0 and C1 controls, and the Unicode line and paragraph separators.
  private static func isLineBreakingControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks
  /// LRM, RLM and ALM (U+200E, U+200F, U+061C).
  private static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }

  /// Shows nothing by itself: white space, combining marks, and what Unicode calls
  /// default-ignorable (zero-width characters U+200B–U+200D, U+2060, U+FEFF, the soft hyphen,
  /// variation selectors, Hangul fillers such as U+3164), plus the blank Braille pattern U+2800.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark: return true
    default:
      return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
        || scalar.value == 0x2800
    }
  }

  /// `U+200B`, the way the Unicode standard names a character.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
