import AccountModel
import AccountStore
import Testing

/// A number that would leave its range is reported as the number it is: a position after the
/// highest one is an invalid position, a balance past 64 bits a balance overflow.
@Suite struct OverflowTests {
  private let noPlaceAfter =
    "the owner's last account is at 2147483647, the highest position, so there is no place after it; give the new account a position"

  @Test func addingAnAccountAfterTheHighestPositionIsAnInvalidPosition() throws {
    try withStore { store in
      try store.apply(
        [
          .addAccount(
            ownerID: "demo",
            NewAccount(
              name: "last", balance: Money(minorUnits: 1, currency: .krw), position: .max))
        ], in: .anyOwner)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.addAccount("after", balance: 1)
      }
      #expect(error == .invalid(field: "position", reason: noPlaceAfter))
      #expect(error.description.hasPrefix("invalid position: "))
      #expect(try store.dump() == before)
    }
  }

  @Test func addingANoticeAfterTheHighestPositionIsAnInvalidPosition() throws {
    try withStore { store in
      try store.apply(
        [.addNotice(ownerID: "demo", NewNotice(message: "last", position: .max))], in: .anyOwner)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply([.addNotice(ownerID: "demo", NewNotice(message: "after"))], in: .anyOwner)
      }
      #expect(
        error
          == .invalid(
            field: "position",
            reason:
              "the owner's last notice is at 2147483647, the highest position, so there is no place after it; give the new notice a position"
          ))
      #expect(try store.dump() == before)
    }
  }

  @Test func aPositionOverflowInABatchNamesTheChange() throws {
    try withStore { store in
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .addAccount(
              ownerID: "demo",
              NewAccount(
                name: "last", balance: Money(minorUnits: 1, currency: .krw), position: .max)),
            .addAccount(
              ownerID: "demo",
              NewAccount(name: "after", balance: Money(minorUnits: 1, currency: .krw))),
          ], in: .anyOwner)
      }
      #expect(
        error
          == .change(
            number: 2, total: 2, reason: .invalid(field: "position", reason: noPlaceAfter)))
    }
  }

  @Test func aBalanceOverflowNamesTheBalance() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: .max)
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner)
      }
      #expect(
        error
          == .overflow(
            "the balance would overflow: it must stay from -9223372036854775808 to 9223372036854775807 minor units"
          ))
    }
  }
}
