import AccountModel
import Postgres

/// When an owner's feed changes with no write at all: a notice's window opens or closes.
extension AccountStore {
  /// How long from the database's now until the next edge (`active_from` or `active_until`) of
  /// one of the owner's notices that is not dismissed; nil when none lies ahead. Measured by
  /// the database's clock, the one `feedRows` judges windows by, so a timer set from it fires
  /// when the feed really differs. (A served read gets it with its rows: `servedRows`.)
  public func nextNoticeWindowEdge(owner id: String) throws(AccountStoreError) -> Duration? {
    do {
      var bindings = PostgresBindings()
      bindings.append(id)
      let milliseconds = try connection.query(
        PostgresQuery(.nextNoticeWindowEdge, bindings: bindings)
      ).single().decode("milliseconds", as: Int64?.self)
      return milliseconds.map { .milliseconds($0) }
    } catch {
      throw AccountStoreError(error)
    }
  }
}

extension SQLFragment {
  /// The statement `nextNoticeWindowEdge(owner:)` runs, the owner's id bound as `$1`.
  static let nextNoticeWindowEdge = SQLFragment(
    "SELECT ", nextEdgeMilliseconds, " AS milliseconds")
}
