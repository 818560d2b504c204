import AccountModel
import AccountStore
import Postgres
import PostgresTestSupport
import Testing

/// A row placed at position P — added or moved there — comes after the owner's rows below P and
/// before every row at P or above, including the rows that were at P already; so position 0
/// means first. Ties are resolved by placement, newest first, and no other row is rewritten.
@Suite struct PositionTests {
  private func accountNames(_ store: AccountStore) throws -> [String] {
    try store.feedRows(owner: "demo").accounts.map(\.name)
  }

  private func noticeMessages(_ store: AccountStore) throws -> [String] {
    try store.feedRows(owner: "demo").notices.map(\.message)
  }

  @discardableResult
  private func add(_ store: AccountStore, _ name: String, at position: Int32?) throws -> Account {
    let results = try store.apply(
      [
        .addAccount(
          ownerID: "demo",
          NewAccount(
            name: name, balance: Money(minorUnits: 1, currency: .krw), position: position))
      ], in: .anyOwner)
    guard case .account(let account) = results.first else { fatalError("got \(results)") }
    return account
  }

  @discardableResult
  private func addNotice(_ store: AccountStore, _ message: String, at position: Int32?) throws
    -> Notice
  {
    let results = try store.apply(
      [.addNotice(ownerID: "demo", NewNotice(message: message, position: position))],
      in: .anyOwner)
    guard case .notice(let notice) = results.first else { fatalError("got \(results)") }
    return notice
  }

  @Test func anAccountAddedAtPositionZeroComesFirst() throws {
    try withStore { store in
      for name in ["a", "b", "c"] { try add(store, name, at: nil) }
      try add(store, "first", at: 0)
      #expect(try accountNames(store) == ["first", "a", "b", "c"])
    }
  }

  @Test func theLaterOfTwoAccountsAddedAtZeroComesFirst() throws {
    try withStore { store in
      try store.apply(
        [
          .addAccount(
            ownerID: "demo",
            NewAccount(name: "earlier", balance: Money(minorUnits: 1, currency: .krw), position: 0)),
          .addAccount(
            ownerID: "demo",
            NewAccount(name: "later", balance: Money(minorUnits: 1, currency: .krw), position: 0)),
        ], in: .anyOwner)
      #expect(try accountNames(store) == ["later", "earlier"])
    }
  }

  @Test func anAccountAddedAtAPositionComesBeforeTheRowsAlreadyThere() throws {
    try withStore { store in
      for name in ["a", "b", "c"] { try add(store, name, at: nil) }
      try add(store, "new", at: 1)
      #expect(try accountNames(store) == ["a", "new", "b", "c"])
    }
  }

  @Test func anAccountMovedToPositionZeroComesFirst() throws {
    try withStore { store in
      try add(store, "a", at: nil)
      try add(store, "b", at: nil)
      let c = try add(store, "c", at: nil)
      try store.apply([.updateAccount(id: c.id, AccountUpdate(position: 0))], in: .anyOwner)
      #expect(try accountNames(store) == ["c", "a", "b"])
    }
  }

  @Test func movingAnAccountToThePositionItSharesPutsItFirstThere() throws {
    try withStore { store in
      let older = try add(store, "older", at: 0)
      try add(store, "newer", at: 0)
      let results = try store.apply(
        [.updateAccount(id: older.id, AccountUpdate(position: 0))], in: .anyOwner)
      #expect(try accountNames(store) == ["older", "newer"])
      guard case .account(let moved) = results.first else {
        Issue.record("moving a row in front of another is a change, got \(results)")
        return
      }
      #expect(moved.version == 2)
    }
  }

  @Test func placingAnAccountWhereItAlreadyIsFirstChangesNothing() throws {
    try withStore { store in
      try add(store, "a", at: 0)
      let b = try add(store, "b", at: 0)
      let before = try store.dump()
      let results = try store.apply(
        [.updateAccount(id: b.id, AccountUpdate(position: 0))], in: .anyOwner)
      #expect(results == [.unchanged(.account(b))])
      #expect(try store.dump() == before)
    }
  }

  @Test func placingAnAccountRewritesNoOtherRow() throws {
    try withStore { store in
      let a = try add(store, "a", at: nil)
      let b = try add(store, "b", at: nil)
      try add(store, "first", at: 0)
      #expect(try store.account(a.id, in: .anyOwner) == a)
      #expect(try store.account(b.id, in: .anyOwner) == b)
    }
  }

  @Test func aNoticeAddedAtPositionZeroComesFirst() throws {
    try withStore { store in
      for message in ["a", "b"] { try addNotice(store, message, at: nil) }
      try addNotice(store, "first", at: 0)
      #expect(try noticeMessages(store) == ["first", "a", "b"])
    }
  }

  @Test func aNoticeMovedToPositionZeroComesFirst() throws {
    try withStore { store in
      try addNotice(store, "a", at: nil)
      let b = try addNotice(store, "b", at: nil)
      try store.apply([.updateNotice(id: b.id, NoticeUpdate(position: 0))], in: .anyOwner)
      #expect(try noticeMessages(store) == ["b", "a"])
    }
  }

  @Test func placingANoticeWhereItAlreadyIsFirstChangesNothing() throws {
    try withStore { store in
      let a = try addNotice(store, "a", at: nil)
      try addNotice(store, "b", at: nil)
      let before = try store.dump()
      let results = try store.apply(
        [.updateNotice(id: a.id, NoticeUpdate(position: 0))], in: .anyOwner)
      #expect(results == [.unchanged(.notice(a))])
      #expect(try store.dump() == before)
    }
  }

  @Test func rowsThatSharedAPositionBeforePlacementsKeepTheirOrder() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let bundled = Migration.bundled
      let placements = try #require(bundled.firstIndex { $0.name == "004_placements.sql" })
      try Migrator(connection: connection, migrations: Array(bundled[..<placements])).migrate()
      try connection.executeScript(
        """
        INSERT INTO owners (id, display_name) VALUES ('demo', 'Demo');
        INSERT INTO accounts (owner_id, name, balance_minor, currency, position) VALUES
          ('demo', 'first by id', 1, 'KRW', 0), ('demo', 'second by id', 1, 'KRW', 0);
        """)
      let store = AccountStore(connection: connection)
      try store.migrate()
      #expect(try accountNames(store) == ["first by id", "second by id"])
      try add(store, "placed now", at: 0)
      #expect(try accountNames(store) == ["placed now", "first by id", "second by id"])
    }
  }
}
