/// A change to some of a row's fields, nil leaving a field as it is (`AccountUpdate`,
/// `NoticeUpdate`).
public protocol FieldUpdate {
  /// Whether the update names no field at all.
  var isEmpty: Bool { get }
}

extension FieldUpdate {
  /// Refuses an update that names no field: asking to change nothing is a mistake to report,
  /// not a write. Every front end and the store ask this one rule; a front end may add a hint
  /// of its own after the reason.
  public func requireChange() throws(FieldError) {
    if isEmpty { throw .nothingToChange }
  }
}

extension FieldError {
  /// The refusal of an update that names no field.
  public static let nothingToChange = FieldError(field: "update", reason: "nothing to change")
}
