import AccountFeedTestSupport
import AccountModel
import AccountStore
import Postgres
import PostgresTestSupport

/// A migrated store on a fresh database, with one owner, for one test.
@discardableResult
func withStore<Result>(_ body: (AccountStore) throws -> Result) throws -> Result {
  try withStoreAndDatabase { store, _ in try body(store) }
}

/// `withStore`, with the database too, for a test that opens more connections to it.
@discardableResult
func withStoreAndDatabase<Result>(
  _ body: (AccountStore, TestDatabase) throws -> Result
) throws -> Result {
  try TestDatabase.with(.migrated) { database in
    let store = AccountStore(connection: try database.connect())
    try store.apply([.addOwner(id: "demo", displayName: "Demo")], in: .anyOwner)
    return try body(store, database)
  }
}

extension AccountStore {
  @discardableResult
  func addAccount(_ name: String, balance: Int64, currency: Currency = .krw, owner: String = "demo")
    throws
    -> Account
  {
    let results = try apply(
      [
        .addAccount(
          ownerID: owner,
          NewAccount(name: name, balance: Money(minorUnits: balance, currency: currency)))
      ], in: .anyOwner)
    guard case .account(let account) = results.first else {
      fatalError("addAccount returned \(results)")
    }
    return account
  }

  /// Every row of every table, in a stable order: equal dumps mean nothing changed. The tables
  /// are read from the catalog, so one a migration adds is dumped without anyone remembering to.
  /// (Sequences are left out: PostgreSQL never rolls them back.)
  func dump() throws -> [String] {
    try connection.dumpOfEveryTable()
  }
}

/// 64 hex digits standing for `text`: not SHA-256, but the same text always gives the same
/// digest and different test texts different ones, which is all the store relies on.
func testDigest(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  let hex = String(hash, radix: 16)
  return String(repeating: String(repeating: "0", count: 16 - hex.count) + hex, count: 4)
}

/// A stand-in for a rendered feed: one section of `items` (id and the text the item shows,
/// stored as its node), under the document fields `top`.
func testContent(
  top: String = "{}", items: [(id: String, text: String)], label: String? = nil,
  reason: String = "test"
) -> SnapshotContent {
  var nodes: [String: String] = [:]
  let references = items.map { item in
    let digest = testDigest(item.text)
    nodes[digest] = #"{"text": "\#(item.text)"}"#
    return StoredItem(id: item.id, digest: digest)
  }
  let digest = testDigest(top + references.map { "\($0.id)=\($0.digest)" }.joined(separator: ","))
  return SnapshotContent(
    feed: StoredFeed(
      top: top, digest: digest,
      sections: [
        StoredSection(
          id: "items", shell: #"{"id": "items"}"#,
          digest: testDigest(references.map(\.digest).joined()), items: references)
      ]),
    nodes: { [nodes] digests in nodes.filter { digests.contains($0.key) } }, label: label,
    reason: reason)
}

/// A stand-in for the feed assembler, for tests of when writes record snapshots: the digest
/// covers what the default layout shows — the owner's visible accounts and shown notices — and
/// nothing else, the way a feed document's digest covers its screen and not its revision.
func screen(_ rows: FeedRows) -> SnapshotContent {
  let accounts = rows.accounts.filter { !$0.hidden }.map {
    (id: "account/\($0.id)", text: "\($0.name) \($0.balance.minorUnits) \($0.balance.currency)")
  }
  let notices = rows.notices.filter { $0.isShown(at: rows.readAt) }.map {
    (id: "notice/\($0.id)", text: "\($0.severity) \($0.message)")
  }
  var content = testContent(items: accounts + notices)
  content.feed.top = #"{"revision": \#(rows.owner.lastSnapshotSequence)}"#
  return content
}

/// The demo owner's first two snapshots: 1 of its one account `a`, then a balance change
/// recorded as 2, a delta; returns the account.
@discardableResult
func twoSnapshots(_ store: AccountStore) throws -> Account {
  let account = try store.addAccount("a", balance: 1)
  try store.takeSnapshot(owner: "demo", render: screen)
  try store.apply(
    [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner,
    snapshot: screen)
  return account
}
