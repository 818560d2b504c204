import AccountModel
import Postgres

/// The single SQL statement that performs one `StoreChange`, with `RETURNING` the row as it is
/// afterwards and a `changed` column. Every change is one statement so a whole batch can go out
/// as one pipeline.
///
/// A write that changes nothing changes nothing: an update compares every value it sets with
/// the row's (`IS DISTINCT FROM`) and moves `version`, `updated_at` and the placement only when
/// one really differs, so updating a hidden account to hidden, dismissing a dismissed notice or
/// adjusting by 0 leaves the row exactly as it was and returns it with `changed` false. The
/// statement still returns the row, so the caller can report it.
///
/// Positions: a row given position P (added or updated) takes a fresh number from the
/// `placements` sequence, and rows are shown by (position, placement DESC), so it comes before
/// every row already at P — "position 0" means first. See `SQL/004_placements.sql` for why
/// positions are not shifted instead.
struct ChangeStatement {
  enum Target: Hashable {
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
  /// What a number out of range (SQLSTATE 22003) means for this statement, which knows the one
  /// computation that can overflow: the balance of a delta, or the position after the owner's
  /// last row. nil leaves the database's words.
  let overflow: AccountStoreError?

  init(_ change: StoreChange) {
    overflow = Self.overflow(change)
    switch change {
    case .addOwner(let id, let displayName):
      query = """
        INSERT INTO owners (id, display_name) VALUES (\(id), \(displayName))
        RETURNING \(sql: .ownerColumns), true AS changed
        """
      target = .owner(id)
      precondition = .none
    case .renameOwner(let id, let displayName):
      query = """
        UPDATE owners AS o SET display_name = \(displayName)
        FROM (SELECT id AS target_id, display_name IS DISTINCT FROM \(displayName) AS changes
          FROM owners WHERE id = \(id)) AS n
        WHERE o.id = n.target_id
        RETURNING \(sql: .ownerColumns), n.changes AS changed
        """
      target = .owner(id)
      precondition = .none
    case .removeOwner(let id):
      query =
        "DELETE FROM owners WHERE id = \(id) RETURNING \(sql: .ownerColumns), true AS changed"
      target = .owner(id)
      precondition = .none
    case .addAccount(let ownerID, let new):
      query = """
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position, hidden)
        VALUES (\(ownerID), \(new.name), \(new.kind), \(new.balance.minorUnits), \(new.balance.currency.code),
          COALESCE(\(new.position), (SELECT COALESCE(max(position) + 1, 0) FROM accounts WHERE owner_id = \(ownerID))),
          \(new.hidden))
        RETURNING \(sql: .accountColumns), true AS changed
        """
      target = .owner(ownerID)
      precondition = .none
    case .updateAccount(let id, let update):
      query = """
        UPDATE accounts AS a SET name = COALESCE(\(update.name), a.name),
          kind = COALESCE(\(update.kind), a.kind),
          balance_minor = COALESCE(\(update.balance), a.balance_minor),
          currency = COALESCE(\(update.currency?.code), a.currency),
          position = COALESCE(\(update.position), a.position),
          hidden = COALESCE(\(update.hidden), a.hidden),
          placement = CASE WHEN n.places THEN nextval('placements') ELSE a.placement END,
          version = a.version + CASE WHEN n.places OR n.edits THEN 1 ELSE 0 END,
          updated_at = CASE WHEN n.places OR n.edits THEN now() ELSE a.updated_at END
        FROM (
          SELECT c.id AS target_id,
            \(update.position)::int4 IS NOT NULL AND (c.position <> \(update.position) OR EXISTS (
              SELECT FROM accounts o WHERE o.owner_id = c.owner_id AND o.position = c.position
                AND o.placement > c.placement)) AS places,
            ROW(COALESCE(\(update.name), c.name), COALESCE(\(update.kind), c.kind),
              COALESCE(\(update.balance), c.balance_minor), COALESCE(\(update.currency?.code), c.currency),
              COALESCE(\(update.hidden), c.hidden))
            IS DISTINCT FROM ROW(c.name, c.kind, c.balance_minor, c.currency, c.hidden) AS edits
          FROM accounts c WHERE c.id = \(id)
        ) AS n
        WHERE a.id = n.target_id
          AND (\(update.expectedVersion)::int8 IS NULL OR a.version = \(update.expectedVersion))
        RETURNING \(sql: .accountColumns), n.places OR n.edits AS changed
        """
      target = .account(id)
      precondition = update.expectedVersion.map(Precondition.version) ?? .none
    case .adjustBalance(let id, let delta, let expected):
      query = """
        UPDATE accounts SET balance_minor = balance_minor + \(delta),
          version = version + CASE WHEN \(delta) <> 0 THEN 1 ELSE 0 END,
          updated_at = CASE WHEN \(delta) <> 0 THEN now() ELSE updated_at END
        WHERE id = \(id) AND (\(expected)::int8 IS NULL OR version = \(expected))
        RETURNING \(sql: .accountColumns), \(delta) <> 0 AS changed
        """
      target = .account(id)
      precondition = expected.map(Precondition.version) ?? .none
    case .removeAccount(let id, let expected):
      query = """
        DELETE FROM accounts WHERE id = \(id) AND (\(expected)::int8 IS NULL OR version = \(expected))
        RETURNING \(sql: .accountColumns), true AS changed
        """
      target = .account(id)
      precondition = expected.map(Precondition.version) ?? .none
    case .addNotice(let ownerID, let new):
      query = """
        INSERT INTO notices (owner_id, message, severity, dismissible, active_from, active_until, position)
        VALUES (\(ownerID), \(new.message), \(new.severity.rawValue), \(new.dismissible), \(new.activeFrom),
          \(new.activeUntil),
          COALESCE(\(new.position), (SELECT COALESCE(max(position) + 1, 0) FROM notices WHERE owner_id = \(ownerID))))
        RETURNING \(sql: .noticeColumns), true AS changed
        """
      target = .owner(ownerID)
      precondition = .none
    case .updateNotice(let id, let update):
      let setsFrom = update.activeFrom != nil
      let setsUntil = update.activeUntil != nil
      query = """
        UPDATE notices AS a SET message = COALESCE(\(update.message), a.message),
          severity = COALESCE(\(update.severity?.rawValue), a.severity),
          dismissible = COALESCE(\(update.dismissible), a.dismissible),
          active_from = CASE WHEN \(setsFrom) THEN \(update.activeFrom ?? nil) ELSE a.active_from END,
          active_until = CASE WHEN \(setsUntil) THEN \(update.activeUntil ?? nil) ELSE a.active_until END,
          position = COALESCE(\(update.position), a.position),
          placement = CASE WHEN n.places THEN nextval('placements') ELSE a.placement END,
          version = a.version + CASE WHEN n.places OR n.edits THEN 1 ELSE 0 END,
          updated_at = CASE WHEN n.places OR n.edits THEN now() ELSE a.updated_at END
        FROM (
          SELECT c.id AS target_id,
            \(update.position)::int4 IS NOT NULL AND (c.position <> \(update.position) OR EXISTS (
              SELECT FROM notices o WHERE o.owner_id = c.owner_id AND o.position = c.position
                AND o.placement > c.placement)) AS places,
            ROW(COALESCE(\(update.message), c.message), COALESCE(\(update.severity?.rawValue), c.severity),
              COALESCE(\(update.dismissible), c.dismissible),
              CASE WHEN \(setsFrom) THEN \(update.activeFrom ?? nil) ELSE c.active_from END,
              CASE WHEN \(setsUntil) THEN \(update.activeUntil ?? nil) ELSE c.active_until END)
            IS DISTINCT FROM ROW(c.message, c.severity, c.dismissible, c.active_from, c.active_until)
            AS edits
          FROM notices c WHERE c.id = \(id)
        ) AS n
        WHERE a.id = n.target_id
          AND (\(update.expectedVersion)::int8 IS NULL OR a.version = \(update.expectedVersion))
        RETURNING \(sql: .noticeColumns), n.places OR n.edits AS changed
        """
      target = .notice(id)
      precondition = update.expectedVersion.map(Precondition.version) ?? .none
    case .dismissNotice(let id):
      query = """
        UPDATE notices AS a SET dismissed_at = COALESCE(a.dismissed_at, now()),
          version = a.version + CASE WHEN n.changes THEN 1 ELSE 0 END,
          updated_at = CASE WHEN n.changes THEN now() ELSE a.updated_at END
        FROM (SELECT id AS target_id, dismissed_at IS NULL AS changes FROM notices WHERE id = \(id)) AS n
        WHERE a.id = n.target_id AND a.dismissible
        RETURNING \(sql: .noticeColumns), n.changes AS changed
        """
      target = .notice(id)
      precondition = .dismissible
    case .removeNotice(let id, let expected):
      query = """
        DELETE FROM notices WHERE id = \(id) AND (\(expected)::int8 IS NULL OR version = \(expected))
        RETURNING \(sql: .noticeColumns), true AS changed
        """
      target = .notice(id)
      precondition = expected.map(Precondition.version) ?? .none
    }
  }

  private static func overflow(_ change: StoreChange) -> AccountStoreError? {
    switch change {
    case .adjustBalance:
      .overflow(
        "the balance would overflow: it must stay from \(Int64.min) to \(Int64.max) minor units")
    case .addAccount(_, let new) where new.position == nil:
      .invalid(field: "position", reason: Self.noPositionAfterLast("account"))
    case .addNotice(_, let new) where new.position == nil:
      .invalid(field: "position", reason: Self.noPositionAfterLast("notice"))
    default:
      nil
    }
  }

  private static func noPositionAfterLast(_ row: String) -> String {
    "the owner's last \(row) is at \(Int32.max), the highest position, so there is no place "
      + "after it; give the new \(row) a position"
  }
}
