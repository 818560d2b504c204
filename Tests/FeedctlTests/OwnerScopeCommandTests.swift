import Foundation
import Testing

/// `--owner` is a promise: whatever the command, and every op of `apply`, a request for one
/// owner leaves every other owner's rows alone.
@Suite("Owner scope") struct OwnerScopeCommandTests {
  /// demo's seed rows, then carol, who has nothing yet.
  private func seeded(_ feedctl: FeedctlDatabase) throws {
    try feedctl.succeed(["demo"], owner: nil)
    try feedctl.succeed(["owner", "add", "carol"], owner: nil)
  }

  @Test func applyForOneOwnerCannotRenameAnotherOwnersAccount() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let before = try feedctl.dump()
      let result = try feedctl.run(
        ["apply", "-"], owner: "carol",
        input: Data(#"[{"op": "account.update", "id": 1, "name": "Owned"}]"#.utf8))
      #expect(result.code == 4)
      #expect(
        result.error
          == "feedctl: error: change 1 (account.update): account 1 of owner 'carol' does not exist\n"
      )
      #expect(try feedctl.dump() == before)
    }
  }

  @Test(arguments: [
    #"{"op": "owner.rename", "id": "demo", "name": "Owned"}"#,
    #"{"op": "owner.remove", "id": "demo"}"#,
    #"{"op": "account.add", "owner": "demo", "name": "x", "balance": 1}"#,
    #"{"op": "account.adjust", "id": 1, "delta": -1}"#,
    #"{"op": "account.remove", "id": 1}"#,
    #"{"op": "notice.add", "owner": "demo", "message": "phish"}"#,
    #"{"op": "notice.update", "id": 1, "message": "phish"}"#,
    #"{"op": "notice.dismiss", "id": 1}"#,
    #"{"op": "notice.remove", "id": 1}"#,
  ])
  func everyOpOfApplyStaysInsideTheOwner(_ change: String) throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let before = try feedctl.dump()
      let result = try feedctl.run(["apply", "-"], owner: "carol", input: Data("[\(change)]".utf8))
      #expect(result.code == 4, "\(result.error)")
      #expect(try feedctl.dump() == before)
    }
  }

  @Test(arguments: [
    ["account", "update", "1", "--name", "Owned"], ["account", "update", "1", "--delta", "-5"],
    ["account", "remove", "1"], ["notice", "update", "1", "--message", "phish"],
    ["notice", "dismiss", "1"], ["notice", "remove", "1"],
  ])
  func everyWriteCommandStaysInsideTheOwner(_ arguments: [String]) throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let before = try feedctl.dump()
      let result = try feedctl.run(arguments, owner: "carol")
      #expect(result.code == 4, "\(result.error)")
      #expect(try feedctl.dump() == before)
    }
  }
}
