import Foundation

/// The rules for every field a caller can set, checked before any statement is sent.
///
/// The schema enforces the same rules as constraints; checking here first lets the error name
/// the field and say what would be right, instead of quoting a constraint name.
public enum FieldRules {
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

  public static func text(_ value: String, field: String, maximum: Int) throws(FieldError) {
    let length = value.unicodeScalars.count
    guard length > 0, !value.allSatisfy(\.isWhitespace) else {
      throw .invalid(field: field, reason: "must not be empty")
    }
    guard length <= maximum else {
      throw .invalid(field: field, reason: "must be at most \(maximum) characters, got \(length)")
    }
    guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw .invalid(field: field, reason: "must not contain control characters such as newlines")
    }
  }

  public static func kind(_ kind: String) throws(FieldError) {
    guard AccountKind.isValid(kind) else {
      throw .invalid(
        field: "kind",
        reason:
          "'\(kind)' must be 1 to 32 lowercase letters, digits, '_' or '-', starting with a letter")
    }
  }

  public static func currency(_ code: String) throws(FieldError) -> Currency {
    guard let currency = Currency(code: code) else {
      throw .invalid(
        field: "currency", reason: "'\(code)' is not an ISO 4217 code such as KRW or USD")
    }
    return currency
  }

  public static func position(_ position: Int32) throws(FieldError) {
    guard position >= 0 else {
      throw .invalid(field: "position", reason: "must be 0 or more, got \(position)")
    }
  }

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
}
