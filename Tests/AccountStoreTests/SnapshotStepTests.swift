import AccountModel
import Postgres
import Testing

@testable import AccountStore

/// A many-owner write stores its snapshots in steps whose writes travel with the next step's
/// reads (`SnapshotStep`): cut into steps of two, it must store exactly what one step stores,
/// and a failure in a later step, after earlier steps' writes were sent, must leave nothing.
@Suite struct SnapshotStepTests {
  private static let owners = ["a", "b", "c", "d", "e", "f", "g"]

  /// Owners `a`…`g` with an account each and a first snapshot; then every balance but `d`'s
  /// moves, so a write records six snapshots and leaves `d` as it was.
  private func prepare(_ store: AccountStore) throws {
    for id in Self.owners {
      try store.apply([.addOwner(id: id, displayName: id.uppercased())], in: .anyOwner)
      try store.addAccount("\(id)'s", balance: 10, owner: id)
    }
    try store.takeSnapshotOfEveryOwner(render: screen)
    try store.connection.executeScript(
      "UPDATE accounts SET balance_minor = balance_minor + 5 WHERE owner_id <> 'd'")
  }

  /// Every snapshot row but its time, every item node and every owner's counter.
  private func stored(_ store: AccountStore) throws -> [String] {
    let queries: [PostgresQuery] = [
      "SELECT (to_jsonb(s) - 'taken_at')::text AS row FROM feed_snapshots s ORDER BY owner_id, sequence",
      "SELECT to_jsonb(i)::text AS row FROM feed_items i ORDER BY digest",
      "SELECT id || ' ' || last_snapshot_sequence AS row FROM owners ORDER BY id",
    ]
    return try queries.flatMap { try store.connection.query($0).map { try $0.decode("row") } }
  }

  private func write(_ store: AccountStore, stepSize: Int) throws -> [SnapshotInfo] {
    try store.connection.transaction { tx in
      try AccountStore.lockOwners(Self.owners, in: tx)
      return try AccountStore.storeSnapshots(
        of: Self.owners, recordingUnchanged: false, in: tx, stepSize: stepSize, render: screen)
    }
  }

  @Test func aWriteInManyStepsStoresWhatOneStepStores() throws {
    let (steps, stepped) = try withStore { store in
      try prepare(store)
      return (try write(store, stepSize: 2).map(\.ownerID), try stored(store))
    }
    let (whole, single) = try withStore { store in
      try prepare(store)
      return (try write(store, stepSize: 100).map(\.ownerID), try stored(store))
    }
    #expect(steps == ["a", "b", "c", "e", "f", "g"])
    #expect(steps == whole)
    #expect(stepped == single)
  }

  @Test func aFeedThatCannotBeDrawnInALaterStepLeavesNothingWritten() throws {
    try withStore { store in
      try prepare(store)
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) {
        try store.connection.transaction { tx in
          try AccountStore.lockOwners(Self.owners, in: tx)
          _ = try AccountStore.storeSnapshots(
            of: Self.owners, recordingUnchanged: false, in: tx, stepSize: 2
          ) { rows in
            if rows.owner.id == "f" {
              throw AccountStoreError.invalid(field: "feed", reason: "cannot be drawn")
            }
            return screen(rows)
          }
        }
      }
      #expect(try store.dump() == before)
    }
  }
}
