import Postgres
import Testing

@testable import AccountStore

/// Rebuilding a screen's latest feed reads its chain — the latest checkpoint and the snapshots
/// after it — and not the rest of its history, under the generic plan a prepared statement
/// settles on after five runs: a write costs the same after 3,000 snapshots as after 30.
@Suite struct ChainLookupTests {
  /// 3,000 snapshot rows of the demo owner's home screen, a checkpoint every 50, beside 5,000
  /// owners of one snapshot each: so the planner, planning for any owner, expects one
  /// or two snapshots, as it would on a real database.
  private func longHistory(_ store: AccountStore) throws {
    try store.connection.executeScript(
      """
      INSERT INTO owners (id, display_name, last_snapshot_sequence)
      SELECT 'o' || n, 'Owner', 1 FROM generate_series(1, 5000) AS n;
      INSERT INTO feed_snapshots (owner_id, sequence, reason, digest, body)
      SELECT 'o' || n, 1, 'test', repeat('0', 64), '{}' FROM generate_series(1, 5000) AS n;
      INSERT INTO feed_snapshots (owner_id, sequence, reason, digest, base_sequence, body,
        chain_bytes, chain_length)
      SELECT 'demo', n, 'test', repeat('0', 64), CASE WHEN n % 50 = 1 THEN NULL ELSE n - 1 END,
        '{}', 0, 0
      FROM generate_series(1, 3000) AS n;
      UPDATE owners SET last_snapshot_sequence = 3000 WHERE id = 'demo';
      ANALYZE feed_snapshots;
      """)
  }

  /// The rows `query` returns and how many rows and index entries of `feed_snapshots` it read
  /// to find them (a sequential scan's rows count too), planned as a prepared statement's
  /// generic plan.
  private func run(_ query: PostgresQuery, on store: AccountStore) throws -> (
    returned: Int, read: Int64
  ) {
    try store.connection.transaction { tx in
      try tx.execute("SET LOCAL plan_cache_mode = force_generic_plan")
      let returned = try tx.query(query).count
      let read = try tx.query(
        """
        SELECT pg_stat_get_xact_tuples_returned('feed_snapshots'::regclass)
          + sum(pg_stat_get_xact_tuples_returned(indexrelid))::bigint AS n
        FROM pg_index WHERE indrelid = 'feed_snapshots'::regclass
        """
      ).single().decode("n", as: Int64.self)
      return (returned, read)
    }
  }

  @Test func aScreensChainIsReadWithoutTheRestOfItsHistory() throws {
    try withStore { store in
      try longHistory(store)
      let chain = try run(
        AccountStore.chainQuery(owner: "demo", screen: "home", upTo: 3000), on: store)
      #expect(chain.returned == 50)
      #expect(chain.read < 200, "read \(chain.read) rows and index entries")
    }
  }

  @Test func aBatchReadsEachOwnersChainWithoutTheRestOfItsHistory() throws {
    try withStore { store in
      try longHistory(store)
      let chains = try run(
        AccountStore.latestChainsQuery(of: [(owner: "demo", screen: "home")]), on: store)
      #expect(chains.returned == 50)
      #expect(chains.read < 200, "read \(chains.read) rows and index entries")
    }
  }
}
