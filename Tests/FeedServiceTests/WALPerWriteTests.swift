import AccountModel
import AccountStore
import Foundation
import Postgres
import Testing

@testable import FeedService

/// Issue 31: a replica receives every byte of WAL, so a one-item write must log what it
/// changes, not a rewritten part of the feed: at most 4 KB on a 10-account owner and on a
/// 10,000-account one, whose writes are patched over its head (`SQL/016`; before it, a write
/// there logged about 27 KB, most of it the item's 22 KB chunk written again).
///
/// WAL is the server's, not a database's, so the test runs a server of its own that nothing
/// else writes to: on the shared test server, other tests' writes would land in the window.
/// Autovacuum is off there and checkpoints are a day and 10 GB apart, so none falls in the
/// window (the test checks the checkpoint's redo point did not move); the bytes are then those
/// of the writes' records, without the full-page images a checkpoint makes the next change of
/// each page write (PostgreSQL's cost, once per page per checkpoint, whatever the write).
@Suite struct WALPerWriteTests {
  static let limit = 4096

  @Test func aOneItemWriteLogsAtMost4KBWhateverTheFeedsSize() throws {
    let directory = "/tmp/accountfeed-wal-\(getpid())-\(UUID().uuidString.prefix(8))"
    let cluster = LocalCluster(directory: directory, durability: .throwaway)
    try cluster.removeWhenProcessEnds(getpid())
    defer {
      try? cluster.stop()
      try? FileManager.default.removeItem(atPath: directory)
    }
    let connection = try PostgresConnection(try cluster.start())
    for setting in [
      "autovacuum = off", "checkpoint_timeout = '1d'", "max_wal_size = '10GB'",
    ] {
      try connection.executeScript("ALTER SYSTEM SET \(setting)")
    }
    try connection.executeScript("SELECT pg_reload_conf()")
    let service = FeedService { AccountStore(connection: connection) }
    try service.migrate()
    for (owner, accounts) in [("small", 10), ("large", 10_000)] {
      try connection.executeScript(
        """
        INSERT INTO owners (id, display_name) VALUES ('\(owner)', '\(owner)');
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
        SELECT '\(owner)', '계좌 ' || a, 'checking', a * 1000, 'KRW', a
        FROM generate_series(1, \(accounts)) a;
        """)
      let bytes = try walPerWrite(owner: owner, service: service, connection: connection)
      #expect(bytes <= Self.limit, "\(owner): \(bytes) bytes of WAL per one-item write")
    }
  }

  /// The WAL bytes of 30 one-account writes to `owner`, each to another account, divided by
  /// 30, after 10 to warm up (the first draws the feed whole and writes its head).
  private func walPerWrite(
    owner: String, service: FeedService, connection: PostgresConnection
  ) throws -> Int {
    let ids = try service.accounts(owner: owner).map(\.id)
    var next = 0
    let write = {
      try service.updateAccount(
        ids[next * 7 % ids.count], AccountUpdate(), delta: 1, in: .owner(owner))
      next += 1
    }
    for _ in 0..<10 { try write() }
    let mark = {
      try connection.query(
        "SELECT pg_current_wal_lsn()::text AS lsn, redo_lsn::text AS redo FROM pg_control_checkpoint()"
      ).single()
    }
    let before = try mark()
    for _ in 0..<30 { try write() }
    let after = try mark()
    #expect(
      try before.decode("redo", as: String.self) == after.decode("redo", as: String.self),
      "a checkpoint fell in the window")
    let (start, end): (String, String) = (try before.decode("lsn"), try after.decode("lsn"))
    let bytes = try connection.query(
      "SELECT pg_wal_lsn_diff(\(end)::pg_lsn, \(start)::pg_lsn)::bigint AS n"
    ).single().decode("n", as: Int64.self)
    return Int(bytes) / 30
  }
}
