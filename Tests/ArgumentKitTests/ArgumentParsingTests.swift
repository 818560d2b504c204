import ArgumentKit
import Testing

@Suite("Positional arguments")
struct ArgumentParsingTests {
  @Test func requiredArgumentIsConverted() throws {
    let update = try parsed(["account", "update", "42"], as: AccountUpdate.self)
    #expect(update.id == 42)
  }

  @Test func argumentMayFollowOptions() throws {
    let update = try parsed(["account", "update", "--balance", "5", "42"], as: AccountUpdate.self)
    #expect(update.id == 42)
    #expect(update.balance == 5)
  }

  @Test func optionalArgumentIsNilWhenAbsent() throws {
    let diff = try parsed(["diff"], as: Diff.self)
    #expect(diff.from == nil)
  }

  @Test func argumentDefaultIsUsedWhenAbsent() throws {
    let diff = try parsed(["diff", "3"], as: Diff.self)
    #expect(diff.from == "3")
    #expect(diff.to == "live")
  }

  @Test func argumentsAreAssignedInDeclarationOrder() throws {
    let diff = try parsed(["diff", "3", "5"], as: Diff.self)
    #expect(diff.from == "3")
    #expect(diff.to == "5")
  }

  @Test func variadicArgumentTakesEveryRemainingWord() throws {
    let cat = try parsed(["cat", "a.json", "b.json", "c.json"], as: Cat.self)
    #expect(cat.files == ["a.json", "b.json", "c.json"])
  }

  @Test func variadicArgumentIsEmptyWhenAbsent() throws {
    let cat = try parsed(["cat"], as: Cat.self)
    #expect(cat.files == [])
  }

  @Test func singleDashIsAnArgument() throws {
    let cat = try parsed(["cat", "-"], as: Cat.self)
    #expect(cat.files == ["-"])
  }

  @Test func negativeNumberIsAnArgument() throws {
    let diff = try parsed(["diff", "-1"], as: Diff.self)
    #expect(diff.from == "-1")
  }

  @Test func doubleDashMakesEveryFollowingWordAnArgument() throws {
    let cat = try parsed(["cat", "--", "--number", "-n", "--"], as: Cat.self)
    #expect(cat.files == ["--number", "-n", "--"])
    #expect(cat.number == false)
  }

  @Test func helpAfterDoubleDashIsAnArgument() throws {
    let cat = try parsed(["cat", "--", "--help"], as: Cat.self)
    #expect(cat.files == ["--help"])
  }
}
