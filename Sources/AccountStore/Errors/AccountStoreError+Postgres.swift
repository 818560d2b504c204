import AccountModel
import Foundation
import Postgres

extension AccountStoreError {
  /// Explains a database error in the store's terms: constraint names become the field they
  /// guard, a foreign key miss becomes "owner … does not exist", overflow becomes `.overflow`
  /// (the statement that overflowed can say which number it was: see `ChangeStatement.overflow`).
  init(_ error: any Error) {
    if let error = error as? AccountStoreError {
      self = error
      return
    }
    if let error = error as? FieldError {
      self = .invalid(field: error.field, reason: error.reason)
      return
    }
    guard let error = error as? PostgresError else {
      self = .database(PostgresError(kind: .client, message: String(describing: error)))
      return
    }
    switch (error.sqlState, error.constraint) {
    case (PostgresError.Code.uniqueViolation, "owners_pkey"?):
      self = .alreadyExists("owner '\(Self.value(in: error.detail) ?? "?")'")
    case (PostgresError.Code.uniqueViolation, "feed_snapshots_label_unique"?):
      self = .alreadyExists(
        "a snapshot labelled '\(Self.value(in: error.detail)?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) ?? "?")'"
      )
    case (PostgresError.Code.foreignKeyViolation, "accounts_currency_known"?):
      self = .invalid(
        field: "currency",
        reason:
          "'\(Self.value(in: error.detail) ?? "?")' is not an ISO 4217 code such as KRW or USD")
    case (PostgresError.Code.foreignKeyViolation, _):
      self = .notFound("owner '\(Self.value(in: error.detail) ?? "?")'")
    case (PostgresError.Code.numericValueOutOfRange, _):
      self = .overflow("a number would leave its range: \(error.message)")
    case (PostgresError.Code.checkViolation, "notices_only_dismissible_are_dismissed"?):
      self = .invalid(field: "dismissible", reason: "a dismissed notice must stay dismissible")
    case (PostgresError.Code.checkViolation, "notices_window_ordered"?):
      self = .invalid(field: "active window", reason: "must end after it starts")
    case (PostgresError.Code.checkViolation, let constraint?):
      self = .invalid(
        field: Self.fields[constraint] ?? constraint, reason: "breaks the rule \(constraint)")
    default:
      self = .database(error)
    }
  }

  /// The field each check constraint guards (the store checks these first; this names the field
  /// should a value reach the database anyway).
  private static let fields: [String: String] = [
    "owners_id_syntax": "owner id", "owners_display_name_length": "display name",
    "accounts_name_length": "name", "accounts_kind_syntax": "kind",
    "accounts_currency_code": "currency", "accounts_position_not_negative": "position",
    "notices_message_length": "message", "notices_severity_known": "severity",
    "notices_position_not_negative": "position", "feed_snapshots_label_syntax": "label",
    "feed_snapshots_reason_length": "reason", "feed_snapshots_digest_syntax": "digest",
  ]

  /// The value in a detail such as `Key (id)=(demo) already exists.`
  private static func value(in detail: String?) -> String? {
    guard let detail, let open = detail.range(of: ")=("),
      let close = detail.range(of: ")", range: open.upperBound..<detail.endIndex)
    else { return nil }
    return String(detail[open.upperBound..<close.lowerBound])
  }
}
