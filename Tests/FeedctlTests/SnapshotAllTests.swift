import Testing

/// `snapshot --all` when it cannot finish: the exit code of the cause, and a message that names
/// the owner and says what was kept.
@Suite struct SnapshotAllTests {
  @Test func aLabelAnOwnerAlreadyHasStopsSnapshotAllAsAlreadyExisting() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice"])
      try feedctl.succeed(["owner", "add", "bob"], owner: "bob")
      try feedctl.succeed(["snapshot", "--label", "v1"], owner: "bob")
      let result = try feedctl.run(["snapshot", "--all", "--label", "v1"], owner: nil)
      #expect(result.code == 6)
      #expect(result.error.contains("a snapshot labelled 'v1' of owner 'bob' already exists"))
      #expect(result.error.contains("0 snapshots taken before it are kept"))
    }
  }
}
