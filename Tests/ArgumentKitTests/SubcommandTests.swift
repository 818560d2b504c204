import ArgumentKit
import Testing

@Suite("Subcommands and global options")
struct SubcommandTests {
  @Test func nestedSubcommandIsSelected() throws {
    let start = try parsed(["db", "start"], as: DatabaseStart.self)
    #expect(start.global.owner == nil)
  }

  @Test func commandPathNamesEveryLevel() throws {
    guard case .run(_, let path) = try SampleTool.parse(["account", "update", "1"]) else {
      Issue.record("expected a command to run")
      return
    }
    #expect(path == ["feedctl", "account", "update"])
  }

  @Test func defaultSubcommandRunsWhenNoneIsNamed() throws {
    _ = try parsed(["db"], as: DatabaseStatus.self)
  }

  @Test func defaultSubcommandReceivesOptionsGivenToItsGroup() throws {
    let status = try parsed(["db", "--owner", "alice"], as: DatabaseStatus.self)
    #expect(status.global.owner == "alice")
  }

  @Test func globalOptionBeforeTheSubcommandIsAccepted() throws {
    let show = try parsed(["--owner", "alice", "show"], as: Show.self)
    #expect(show.global.owner == "alice")
  }

  @Test func globalOptionAfterTheSubcommandIsAccepted() throws {
    let show = try parsed(["show", "--owner", "alice"], as: Show.self)
    #expect(show.global.owner == "alice")
  }

  @Test func globalOptionBetweenNestedSubcommandsIsAccepted() throws {
    let update = try parsed(["account", "-o", "alice", "update", "1"], as: AccountUpdate.self)
    #expect(update.global.owner == "alice")
  }

  @Test func globalOptionValueThatNamesASubcommandStaysAValue() throws {
    let show = try parsed(["--owner", "account", "show"], as: Show.self)
    #expect(show.global.owner == "account")
  }

  @Test func globalFlagBeforeTheSubcommandIsAccepted() throws {
    let show = try parsed(["--no-color", "show"], as: Show.self)
    #expect(show.global.noColor)
  }
}
