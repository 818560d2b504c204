import AccountModel
import Postgres

/// When an owner's feed changes with no write at all: a notice's window opens or closes.
extension AccountStore {
  /// How long from the database's now until the next edge (`active_from` or `active_until`) of
  /// one of the owner's notices that is not dismissed; nil when none lies ahead. Measured by
  /// the database's clock, the one `feedRows` judges windows by, so a timer set from it fires
  /// when the feed really differs.
  public func nextNoticeWindowEdge(owner id: String) throws(AccountStoreError) -> Duration? {
    do {
      let milliseconds = try connection.query(
        """
        SELECT ceil(extract(epoch FROM min(edge) - now()) * 1000)::bigint AS milliseconds
        FROM (
          SELECT active_from AS edge FROM notices
          WHERE owner_id = \(id) AND dismissed_at IS NULL AND active_from > now()
          UNION ALL
          SELECT active_until FROM notices
          WHERE owner_id = \(id) AND dismissed_at IS NULL AND active_until > now()
        ) AS edges
        """
      ).single().decode("milliseconds", as: Int64?.self)
      return milliseconds.map { .milliseconds($0) }
    } catch {
      throw AccountStoreError(error)
    }
  }
}
