import AccountModel
import AccountStore
import Testing

@Suite struct BatchTests {
  @Test func batchAppliesEveryChangeInOrder() throws {
    try withStore { store in
      let results = try store.apply(
        [
          .addOwner(id: "kim", displayName: "Kim"),
          .addAccount(
            ownerID: "kim", NewAccount(name: "a", balance: Money(minorUnits: 1, currency: .krw))),
          .addNotice(ownerID: "kim", NewNotice(message: "hello")),
        ], in: .anyOwner)
      #expect(results.count == 3)
      let rows = try store.feedRows(owner: "kim")
      #expect(rows.accounts.map(\.name) == ["a"])
      #expect(rows.notices.map(\.message) == ["hello"])
    }
  }

  @Test func batchWhoseLastChangeIsInvalidAppliesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 10)
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: account.id, delta: 5, expectedVersion: nil),
            .addAccount(
              ownerID: "demo", NewAccount(name: "b", balance: Money(minorUnits: 1, currency: .krw))),
            .updateAccount(id: 424_242, AccountUpdate(name: "missing")),
          ], in: .anyOwner)
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func batchFailingInTheDatabaseAppliesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: Int64.max)
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) {
        try store.apply(
          [
            .addNotice(ownerID: "demo", NewNotice(message: "first")),
            .adjustBalance(id: account.id, delta: 1, expectedVersion: nil),
          ], in: .anyOwner)
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func validationErrorInABatchNamesTheChange() throws {
    try withStore { store in
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .addNotice(ownerID: "demo", NewNotice(message: "ok")),
            .addAccount(
              ownerID: "demo", NewAccount(name: "", balance: Money(minorUnits: 1, currency: .krw))),
          ], in: .anyOwner)
      }
      #expect(error.description == "change 2 of 2: invalid name: must not be empty")
    }
  }

  @Test func versionConflictReportsTheVersionAtThatPointOfTheBatch() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: account.id, delta: 1, expectedVersion: nil),
            .updateAccount(id: account.id, AccountUpdate(name: "b", expectedVersion: 1)),
            .adjustBalance(id: account.id, delta: 1, expectedVersion: nil),
          ], in: .anyOwner)
      }
      #expect(
        error
          == .change(
            number: 2, total: 3,
            reason: .versionConflict(what: "account \(account.id)", expected: 1, actual: 2)))
    }
  }

  @Test func databaseRefusalInABatchNamesTheChange() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: Int64.max)
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .addNotice(ownerID: "demo", NewNotice(message: "first")),
            .adjustBalance(id: account.id, delta: 1, expectedVersion: nil),
          ], in: .anyOwner)
      }
      guard case .change(2, 2, .overflow) = error else {
        Issue.record("expected change 2 to overflow, got \(error)")
        return
      }
    }
  }

  @Test func unknownOwnerInABatchNamesTheChange() throws {
    try withStore { store in
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .addNotice(ownerID: "demo", NewNotice(message: "first")),
            .addNotice(ownerID: "nobody", NewNotice(message: "second")),
          ], in: .anyOwner)
      }
      #expect(error == .change(number: 2, total: 2, reason: .notFound("owner 'nobody'")))
    }
  }

  @Test func renamingAnOwnerChangesOnlyItsDisplayName() throws {
    try withStore { store in
      try store.apply([.renameOwner(id: "demo", displayName: "김토스")], in: .anyOwner)
      let owner = try store.owner("demo")
      #expect(owner.displayName == "김토스")
    }
  }

  @Test func removingAnOwnerRemovesEverythingItOwnsAndNothingElse() throws {
    try withStore { store in
      try store.apply([.addOwner(id: "kim", displayName: "Kim")], in: .anyOwner)
      try store.addAccount("a", balance: 1)
      try store.addAccount("b", balance: 2, owner: "kim")
      try store.apply(
        [.addNotice(ownerID: "demo", NewNotice(message: "m"))],
        in: .anyOwner,
        snapshot: { _ in testContent(items: [], reason: "r") })
      try store.apply(
        [.removeOwner(id: "demo")],
        in: .anyOwner,
        snapshot: { _ in testContent(items: [], reason: "r") })
      #expect(throws: AccountStoreError.notFound("owner 'demo'")) { try store.owner("demo") }
      let remaining = try store.dump()
      #expect(remaining.allSatisfy { !$0.contains("\"demo\"") })
      #expect(try store.feedRows(owner: "kim").accounts.map(\.name) == ["b"])
    }
  }

  @Test func removingAnUnknownOwnerIsNotFound() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.notFound("owner 'nobody'")) {
        try store.apply([.removeOwner(id: "nobody")], in: .anyOwner)
      }
    }
  }

  @Test func addingAnExistingOwnerIsAlreadyExists() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.alreadyExists("owner 'demo'")) {
        try store.apply([.addOwner(id: "demo", displayName: "Again")], in: .anyOwner)
      }
    }
  }
}
