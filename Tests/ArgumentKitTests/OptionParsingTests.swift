import ArgumentKit
import Testing

@Suite("Options")
struct OptionParsingTests {
  private let required = ["account", "add", "--name", "Savings", "--balance", "100"]

  @Test func separateValueIsTaken() throws {
    let add = try parsed(required, as: AccountAdd.self)
    #expect(add.name == "Savings")
  }

  @Test func attachedValueAfterEqualsSignIsTaken() throws {
    let add = try parsed(
      ["account", "add", "--name=Rainy day", "--balance=7"], as: AccountAdd.self)
    #expect(add.name == "Rainy day")
    #expect(add.balance == 7)
  }

  @Test func emptyAttachedValueIsAnEmptyString() throws {
    let add = try parsed(["account", "add", "--name=", "--balance", "1"], as: AccountAdd.self)
    #expect(add.name == "")
  }

  @Test func shortAliasTakesAValue() throws {
    let show = try parsed(["show", "-o", "alice"], as: Show.self)
    #expect(show.global.owner == "alice")
  }

  @Test func defaultIsUsedWhenOptionIsAbsent() throws {
    let add = try parsed(required, as: AccountAdd.self)
    #expect(add.kind == .checking)
  }

  @Test func enumOptionTakesItsRawValue() throws {
    let add = try parsed(required + ["--kind", "savings"], as: AccountAdd.self)
    #expect(add.kind == .savings)
  }

  @Test func optionalOptionIsNilWhenAbsent() throws {
    let show = try parsed(["show"], as: Show.self)
    #expect(show.width == nil)
  }

  @Test func optionalOptionHoldsItsValueWhenGiven() throws {
    let show = try parsed(["show", "--width", "80"], as: Show.self)
    #expect(show.width == 80)
  }

  @Test func repeatedOptionCollectsEveryValueInOrder() throws {
    let add = try parsed(required + ["--tag", "b", "--tag", "a"], as: AccountAdd.self)
    #expect(add.tag == ["b", "a"])
  }

  @Test func repeatableOptionIsEmptyWhenAbsent() throws {
    let add = try parsed(required, as: AccountAdd.self)
    #expect(add.tag == [])
  }

  @Test func singleValuedOptionGivenTwiceKeepsTheLastValue() throws {
    let show = try parsed(["show", "--format", "json", "--format", "text"], as: Show.self)
    #expect(show.format == .text)
  }

  @Test func negativeNumberAfterAnOptionIsItsValue() throws {
    let update = try parsed(["account", "update", "7", "--delta", "-5000"], as: AccountUpdate.self)
    #expect(update.delta == -5000)
  }

  @Test func valueThatLooksLikeAnOptionIsNotTaken() {
    let error = usageError(["account", "add", "--name", "--balance", "5"])
    #expect(error?.kind == .missingValue)
  }

  @Test func camelCasePropertyIsSpelledInKebabCase() throws {
    let show = try parsed(["show", "--database-url", "postgres://db"], as: Show.self)
    #expect(show.global.databaseURL == "postgres://db")
  }

  @Test func int64AcceptsItsExtremes() throws {
    let low = try parsed(
      ["account", "update", "1", "--balance", "-9223372036854775808"], as: AccountUpdate.self)
    #expect(low.balance == Int64.min)
  }
}
