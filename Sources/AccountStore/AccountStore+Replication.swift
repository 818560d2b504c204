import Postgres

/// Where a primary's write-ahead log stands and how far a streaming replica has replayed it, as
/// byte positions (LSNs): what lets a service send a read to a replica only when the replica has
/// every commit the reader may already have seen (see `FeedService`'s `ReadReplica`).
extension AccountStore {
  /// The primary's write-ahead log flushed so far: every commit that has returned lies before
  /// it, so a replica that has replayed up to it has that commit too.
  public func flushedWALPosition() throws(AccountStoreError) -> Int64 {
    try mapping {
      try connection.query("SELECT (pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::int8 AS lsn")
        .first?.decode("lsn", as: Int64.self) ?? 0
    }
  }

  /// How far a replica has replayed the primary's log; nil on a server that is not in recovery
  /// (a primary, or a replica promoted since).
  public func replayedWALPosition() throws(AccountStoreError) -> Int64? {
    try mapping {
      try connection.query(
        """
        SELECT CASE WHEN pg_is_in_recovery()
          THEN (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::int8 END AS lsn
        """
      ).first?.decode("lsn", as: Int64?.self) ?? nil
    }
  }
}
