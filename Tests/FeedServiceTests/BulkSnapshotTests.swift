import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedService
import Postgres
import Testing

/// Snapshots taken in batches store exactly what snapshots taken one owner at a time store:
/// each case is run on two databases made the same way, one batched and one not, and every
/// stored snapshot row (all but its time), item node and sequence counter must agree.
@Suite struct BulkSnapshotTests {
  /// Owners of every kind: `demo` with seed 000 and a chain of deltas, `carol` with a notice,
  /// `empty` with no accounts at all, and `o1`…`o3` with one to three accounts.
  private func populate(_ service: FeedService) throws {
    let (account, _) = try seedTwoOwners(service)
    for delta: Int64 in [5, -3, 7] {
      try service.apply(
        [.adjustBalance(id: account, delta: delta, expectedVersion: nil)], in: .owner("demo"),
        reason: "test")
    }
    try service.apply(
      [.addOwner(id: "empty", displayName: "Empty")], in: .anyOwner, reason: "setup")
    for count in 1...3 {
      let owner = "o\(count)"
      try service.apply(
        [.addOwner(id: owner, displayName: "Owner \(count)")]
          + (0..<count).map {
            .addAccount(
              ownerID: owner,
              NewAccount(
                name: "계좌 \($0)",
                balance: Money(minorUnits: Int64(1_000 * count + $0), currency: .krw)))
          }, in: .anyOwner, reason: "setup")
    }
  }

  /// Everything the database keeps of snapshots, but when each was taken.
  private func stored(_ connection: PostgresConnection) throws -> [String] {
    let queries: [PostgresQuery] = [
      "SELECT (to_jsonb(s) - 'taken_at')::text AS row FROM feed_snapshots s ORDER BY owner_id, sequence",
      "SELECT to_jsonb(i)::text AS row FROM feed_items i ORDER BY digest",
      "SELECT id || ' ' || last_snapshot_sequence AS row FROM owners ORDER BY id",
    ]
    return try queries.flatMap { try connection.query($0).map { try $0.decode("row") } }
  }

  @Test func aSnapshotOfEveryOwnerStoresWhatOneSnapshotPerOwnerStores() throws {
    let batched = try withService { service, connection in
      try populate(service)
      try service.takeSnapshotOfEveryOwner(label: "all", batchSize: 2)
      return try stored(connection)
    }
    let single = try withService { service, connection in
      try populate(service)
      for owner in try service.owners() {
        _ = try service.takeSnapshot(owner: owner.id, label: "all")
      }
      return try stored(connection)
    }
    #expect(batched.filter { $0.contains("\"label\": \"all\"") }.count == 6)
    #expect(batched == single)
  }

  @Test func everyBatchedSnapshotReadsBackAsTheOwnersLiveDocument() throws {
    let (rebuilt, live) = try withService { service, _ in
      try populate(service)
      try service.takeSnapshotOfEveryOwner(label: nil, batchSize: 4)
      let owners = try service.owners().map(\.id)
      return (
        try owners.map { try service.document(.latest(back: 0), owner: $0).encoded() },
        try owners.map { try service.liveDocument(owner: $0).encoded() }
      )
    }
    #expect(rebuilt.count == 6)
    #expect(rebuilt == live)
  }

  /// One change to each of four owners: a balance, a name, a first account, a notice.
  private func changes(_ service: FeedService) throws -> [StoreChange] {
    [
      .adjustBalance(
        id: try service.accounts(owner: "demo")[1].id, delta: 100, expectedVersion: nil),
      .updateAccount(id: try service.accounts(owner: "carol")[0].id, AccountUpdate(name: "새 이름")),
      .addAccount(
        ownerID: "empty", NewAccount(name: "처음", balance: Money(minorUnits: 1, currency: .krw))),
      .addNotice(ownerID: "o2", NewNotice(message: "알림")),
    ]
  }

  @Test func aManyOwnerWriteStoresWhatOneWritePerOwnerStores() throws {
    let batched = try withService { service, connection in
      try populate(service)
      try service.apply(try changes(service), in: .anyOwner, reason: "test")
      return try stored(connection)
    }
    let single = try withService { service, connection in
      try populate(service)
      for change in try changes(service) {
        try service.apply([change], in: .anyOwner, reason: "test")
      }
      return try stored(connection)
    }
    #expect(batched == single)
  }
}
