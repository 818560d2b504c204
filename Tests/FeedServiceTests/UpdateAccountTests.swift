import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedService
import Testing

/// `updateAccount`: fields and a delta are one change to the person who asked for it.
@Suite struct UpdateAccountTests {
  @Test func aRenameWithAZeroDeltaIsReportedAsTheRename() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      let applied = try service.updateAccount(
        account, AccountUpdate(name: "Renamed"), delta: 0, in: .owner("demo"))
      guard case .account(let row) = applied.result else {
        Issue.record("reported \(applied.result)")
        return
      }
      #expect(row.name == "Renamed")
      #expect(applied.change == .updateAccount(id: account, AccountUpdate(name: "Renamed")))
    }
  }

  @Test func anUpdateThatChangesNothingIsReportedUnchanged() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      let name = try service.feedRows(owner: "demo").accounts[0].name
      let applied = try service.updateAccount(
        account, AccountUpdate(name: name), delta: 0, in: .owner("demo"))
      guard case .unchanged = applied.result else {
        Issue.record("reported \(applied.result)")
        return
      }
    }
  }

  @Test func aNewBalanceAndADeltaTogetherAreRefusedAndChangeNothing() throws {
    try withService { service, connection in
      let (account, _) = try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      #expect(throws: FieldError.self) {
        try service.updateAccount(
          account, AccountUpdate(balance: 1), delta: 1, in: .owner("demo"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func theExpectedVersionIsCheckedBeforeEitherPart() throws {
    try withService { service, connection in
      let (account, _) = try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      #expect(
        throws: AccountStoreError.versionConflict(
          what: "account \(account)", expected: 7, actual: 1)
      ) {
        try service.updateAccount(
          account, AccountUpdate(name: "X", expectedVersion: 7), delta: 5, in: .owner("demo"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }
}
