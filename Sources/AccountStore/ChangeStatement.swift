import AccountModel
import Postgres

/// The single SQL statement that performs one `StoreChange`, with `RETURNING` the row as it is
/// afterwards. Every change is one statement so a whole batch can go out as one pipeline.
struct ChangeStatement {
  enum Target {
    case owner(String)
    case account(Int64)
    case notice(Int64)
  }

  /// A condition in the statement's `WHERE` besides the id; when no row comes back, it is what
  /// failed if the row exists.
  enum Precondition {
    case none
    case version(Int64)
    case dismissible
  }

  let query: PostgresQuery
  /// What the statement touches, for the "no row came back" explanation.
  let target: Target
  let precondition: Precondition

  init(_ change: StoreChange) {
    switch change {
    case .addOwner(let id, let displayName):
      query =
        "INSERT INTO owners (id, display_name) VALUES (\(id), \(displayName)) RETURNING \(unsafe: Columns.owner)"
      target = .owner(id)
      precondition = .none
    case .renameOwner(let id, let displayName):
      query = """
        UPDATE owners SET display_name = \(displayName) WHERE id = \(id)
        RETURNING \(unsafe: Columns.owner)
        """
      target = .owner(id)
      precondition = .none
    case .removeOwner(let id):
      query = "DELETE FROM owners WHERE id = \(id) RETURNING \(unsafe: Columns.owner)"
      target = .owner(id)
      precondition = .none
    case .addAccount(let ownerID, let new):
      query = """
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position, hidden)
        VALUES (\(ownerID), \(new.name), \(new.kind), \(new.balance.minorUnits), \(new.balance.currency.code),
          COALESCE(\(new.position), (SELECT COALESCE(max(position) + 1, 0) FROM accounts WHERE owner_id = \(ownerID))),
          \(new.hidden))
        RETURNING \(unsafe: Columns.account)
        """
      target = .owner(ownerID)
      precondition = .none
    case .updateAccount(let id, let update):
      query = """
        UPDATE accounts SET name = COALESCE(\(update.name), name), kind = COALESCE(\(update.kind), kind),
          balance_minor = COALESCE(\(update.balance), balance_minor),
          currency = COALESCE(\(update.currency?.code), currency),
          position = COALESCE(\(update.position), position), hidden = COALESCE(\(update.hidden), hidden),
          version = version + 1, updated_at = now()
        WHERE id = \(id) AND (\(update.expectedVersion)::int8 IS NULL OR version = \(update.expectedVersion))
        RETURNING \(unsafe: Columns.account)
        """
      target = .account(id)
      precondition = update.expectedVersion.map(Precondition.version) ?? .none
    case .adjustBalance(let id, let delta, let expected):
      query = """
        UPDATE accounts SET balance_minor = balance_minor + \(delta), version = version + 1, updated_at = now()
        WHERE id = \(id) AND (\(expected)::int8 IS NULL OR version = \(expected))
        RETURNING \(unsafe: Columns.account)
        """
      target = .account(id)
      precondition = expected.map(Precondition.version) ?? .none
    case .removeAccount(let id, let expected):
      query = """
        DELETE FROM accounts WHERE id = \(id) AND (\(expected)::int8 IS NULL OR version = \(expected))
        RETURNING \(unsafe: Columns.account)
        """
      target = .account(id)
      precondition = expected.map(Precondition.version) ?? .none
    case .addNotice(let ownerID, let new):
      query = """
        INSERT INTO notices (owner_id, message, severity, dismissible, active_from, active_until, position)
        VALUES (\(ownerID), \(new.message), \(new.severity.rawValue), \(new.dismissible), \(new.activeFrom),
          \(new.activeUntil),
          COALESCE(\(new.position), (SELECT COALESCE(max(position) + 1, 0) FROM notices WHERE owner_id = \(ownerID))))
        RETURNING \(unsafe: Columns.notice)
        """
      target = .owner(ownerID)
      precondition = .none
    case .updateNotice(let id, let update):
      let setsFrom = update.activeFrom != nil
      let setsUntil = update.activeUntil != nil
      query = """
        UPDATE notices SET message = COALESCE(\(update.message), message),
          severity = COALESCE(\(update.severity?.rawValue), severity),
          dismissible = COALESCE(\(update.dismissible), dismissible),
          active_from = CASE WHEN \(setsFrom) THEN \(update.activeFrom ?? nil) ELSE active_from END,
          active_until = CASE WHEN \(setsUntil) THEN \(update.activeUntil ?? nil) ELSE active_until END,
          position = COALESCE(\(update.position), position),
          version = version + 1, updated_at = now()
        WHERE id = \(id) AND (\(update.expectedVersion)::int8 IS NULL OR version = \(update.expectedVersion))
        RETURNING \(unsafe: Columns.notice)
        """
      target = .notice(id)
      precondition = update.expectedVersion.map(Precondition.version) ?? .none
    case .dismissNotice(let id):
      query = """
        UPDATE notices SET dismissed_at = COALESCE(dismissed_at, now()),
          version = version + CASE WHEN dismissed_at IS NULL THEN 1 ELSE 0 END,
          updated_at = CASE WHEN dismissed_at IS NULL THEN now() ELSE updated_at END
        WHERE id = \(id) AND dismissible
        RETURNING \(unsafe: Columns.notice)
        """
      target = .notice(id)
      precondition = .dismissible
    case .removeNotice(let id, let expected):
      query = """
        DELETE FROM notices WHERE id = \(id) AND (\(expected)::int8 IS NULL OR version = \(expected))
        RETURNING \(unsafe: Columns.notice)
        """
      target = .notice(id)
      precondition = expected.map(Precondition.version) ?? .none
    }
  }
}

extension PostgresQuery.StringInterpolation {
  /// Splices one of the store's own constant column lists; never a value.
  mutating func appendInterpolation(unsafe columns: String) {
    appendLiteral(columns)
  }
}
