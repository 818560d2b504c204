import AccountModel
import Postgres

/// Why a store operation was refused. Every case describes itself in one line a person can act
/// on; when one is thrown, the transaction was rolled back and nothing changed.
public enum AccountStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A value broke a rule (`field` names it, `reason` says what would be right).
  case invalid(field: String, reason: String)
  /// The thing named (e.g. "account 42", "owner 'demo'") does not exist.
  case notFound(String)
  /// The thing named exists already.
  case alreadyExists(String)
  /// The row changed since the caller read it.
  case versionConflict(what: String, expected: Int64, actual: Int64)
  /// The change is not allowed for this row (e.g. dismissing a notice that is not dismissible).
  case notAllowed(String)
  /// The result would not fit in a 64-bit count of minor units.
  case overflow(String)
  /// Applied migrations and the migrations this program carries disagree.
  case migration(String)
  /// Stored history this program cannot read back — a snapshot body it cannot parse, a chain
  /// without its checkpoint, an item node gone — because the database was edited by hand or
  /// damaged. Not the caller's mistake and not missing on purpose: a server answers 500, not
  /// 400 or 404, and nothing is written on top of it.
  case damaged(String)
  /// The database refused or could not be reached.
  case database(PostgresError)
  /// Change `number` (1-based) of a batch of `total` was refused for `reason`.
  indirect case change(number: Int, total: Int, reason: AccountStoreError)

  public var description: String {
    switch self {
    case .invalid(let field, let reason): "invalid \(field): \(reason)"
    case .notFound(let what): "\(what) does not exist"
    case .alreadyExists(let what): "\(what) already exists"
    case .versionConflict(let what, let expected, let actual):
      "\(what) is at version \(actual), not \(expected); it changed since you read it — read it again and retry"
    case .notAllowed(let what): what
    case .overflow(let what): what
    case .migration(let message): message
    case .damaged(let what): "the stored history is damaged: \(what)"
    case .database(let error): error.description
    case .change(let number, let total, let reason): "change \(number) of \(total): \(reason)"
    }
  }
}

extension AccountStoreError {
  /// The error itself, without saying which change of a batch caused it.
  public var reason: AccountStoreError {
    if case .change(_, _, let reason) = self { return reason.reason }
    return self
  }

  /// Whether retrying the whole transaction may succeed (see `PostgresError.isTransient`).
  var isTransient: Bool {
    if case .database(let error) = reason { return error.isTransient }
    return false
  }

  /// The same error, saying it was caused by change `index` (0-based) of a batch of `total`;
  /// a batch of one needs no such note.
  func inChange(_ index: Int, of total: Int) -> AccountStoreError {
    if total <= 1 { return self }
    if case .change = self { return self }
    return .change(number: index + 1, total: total, reason: self)
  }
}
