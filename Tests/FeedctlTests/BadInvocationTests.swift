import Foundation
import Testing

/// One invocation feedctl must refuse: its exit code and a phrase its one-line error must hold.
struct BadInvocation: CustomStringConvertible, Sendable {
  let arguments: [String]
  let code: Int32
  let phrase: String
  var input: String?
  var owner: String? = "alice"

  init(
    _ arguments: [String], _ code: Int32, _ phrase: String, input: String? = nil,
    owner: String? = "alice"
  ) {
    self.arguments = arguments
    self.code = code
    self.phrase = phrase
    self.input = input
    self.owner = owner
  }

  var description: String { "feedctl " + arguments.joined(separator: " ") }
}

/// Bad input of every kind the issue lists, against one seeded database: each is refused with
/// exactly one line on standard error, the documented exit code, nothing on standard output,
/// and the database exactly as before.
@Suite("Bad invocations")
struct BadInvocationTests {
  /// Owner alice with accounts 1 (Checking, 1000 KRW, version 1) and 2 (Savings), notices 1
  /// (dismissible) and 2 (not dismissible, shown since 2020), and a snapshot labelled `base`.
  static let seed = """
    {"changes": [
      {"op": "owner.add", "id": "alice", "name": "Alice"},
      {"op": "account.add", "name": "Checking", "balance": 1000},
      {"op": "account.add", "name": "Savings", "balance": 2000, "kind": "savings"},
      {"op": "notice.add", "message": "Hello"},
      {"op": "notice.add", "message": "Stays", "dismissible": false, "active_from": "2020-01-01"}
    ]}
    """

  static let longName = String(repeating: "n", count: 101)

  static let corpus: [BadInvocation] = [
    // Amounts
    .init(
      ["account", "add", "--name", "X", "--balance", "12abc"], 2,
      "invalid value '12abc' for --balance"),
    .init(["account", "add", "--name", "X", "--balance", "1.5"], 2, "without a decimal point"),
    .init(
      ["account", "add", "--name", "X", "--balance", "99999999999999999999"], 2,
      "from -9223372036854775808 to 9223372036854775807"),
    .init(
      ["account", "add", "--name", "X", "--balance", "-99999999999999999999"], 2,
      "from -9223372036854775808"),
    .init(
      ["account", "add", "--name", "X", "--balance", "1,23"], 2,
      "commas grouping exactly three digits"),
    .init(["account", "add", "--name", "X", "--balance", ""], 2, "for --balance"),
    .init(["account", "add", "--name", "X"], 2, "missing required option '--balance"),
    .init(["account", "update", "1", "--delta", "9223372036854775807"], 2, "overflow"),
    .init(["account", "update", "1", "--delta", "1e5"], 2, "invalid value '1e5' for --delta"),
    // Names, kinds, currencies, positions
    .init(
      ["account", "add", "--name", "", "--balance", "1"], 2, "invalid name: must not be empty"),
    .init(
      ["account", "add", "--name", longName, "--balance", "1"], 2, "at most 100 characters, got 101"
    ),
    .init(["account", "update", "1", "--name", longName], 2, "at most 100 characters, got 101"),
    .init(["account", "add", "--name", "X", "--balance", "1", "--currency", "XYZ"], 2, "ISO 4217"),
    .init(
      ["account", "add", "--name", "X", "--balance", "1", "--currency", "krw"], 2,
      "did you mean 'KRW'"),
    .init(
      ["account", "update", "1", "--currency", "EURO"], 2, "invalid value 'EURO' for --currency"),
    .init(
      ["account", "add", "--name", "X", "--balance", "1", "--position", "-1"], 2, "for --position"),
    .init(
      ["account", "add", "--name", "X", "--balance", "1", "--kind", "Big Savings"], 2,
      "invalid kind"),
    // Owners
    .init(["account", "add", "--name", "X", "--balance", "1"], 2, "no owner given", owner: nil),
    .init(
      ["account", "add", "--name", "X", "--balance", "1"], 4, "owner 'nobody' does not exist",
      owner: "nobody"),
    .init(
      ["account", "add", "--name", "X", "--balance", "1"], 2, "invalid owner id", owner: "Not An Id"
    ),
    .init(["owner", "add", "Alice Smith"], 2, "invalid owner id"),
    .init(["owner", "add", "alice"], 6, "owner 'alice' already exists"),
    // Unknown ids, versions, shapes
    .init(
      ["account", "update", "99", "--name", "X"], 4, "account 99 of owner 'alice' does not exist"),
    .init(
      ["account", "update", "1", "--name", "X"], 4, "account 1 of owner 'bob' does not exist",
      owner: "bob"),
    .init(["account", "remove", "99"], 4, "account 99 of owner 'alice' does not exist"),
    .init(["account", "update", "1"], 2, "nothing to change"),
    .init(["account", "update", "1", "--balance", "5", "--delta", "5"], 2, "cannot be combined"),
    .init(
      ["account", "update", "1", "--name", "X", "--expect-version", "7"], 5,
      "is at version 1, not 7"),
    .init(["account", "remove", "1", "--expect-version", "3"], 5, "is at version 1, not 3"),
    .init(["account", "update", "abc", "--name", "X"], 2, "invalid value 'abc'"),
    .init(["account", "update", "0", "--name", "X"], 2, "must be positive (ids start at 1)"),
    .init(
      ["notice", "update", "99", "--message", "X"], 4, "notice 99 of owner 'alice' does not exist"),
    .init(["notice", "dismiss", "99"], 4, "notice 99 of owner 'alice' does not exist"),
    .init(["notice", "remove", "99"], 4, "notice 99 of owner 'alice' does not exist"),
    .init(["notice", "dismiss", "2"], 2, "notice 2 cannot be dismissed: it is not dismissible"),
    .init(
      ["notice", "update", "1", "--active-from", "2030-01-01", "--active-until", "2029-01-01"], 2,
      "invalid active window: must end after it starts"),
    .init(
      ["notice", "update", "2", "--active-until", "2000-01-01"], 2,
      "invalid active window: must end after it starts"),
    .init(["diff", "base.json"], 4, "cannot read feed file 'base.json'"),
    .init(["snapshot", "--label", "v1.json"], 2, "not ending in .json"),
    .init(
      ["show", "--database-url", "host=/tmp port=abc"], 2,
      "invalid integer value \"abc\" for connection option \"port\""),
    .init(["notice", "add", "--message", ""], 2, "invalid message: must not be empty"),
    .init(["notice", "add", "--message", "X", "--severity", "loud"], 2, "info, warning, critical"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "tomorrow"], 2,
      "invalid value 'tomorrow' for --active-from"),
    .init(
      [
        "notice", "add", "--message", "X", "--active-from", "2026-02-01", "--active-until",
        "2026-01-01",
      ],
      2, "invalid active window: must end after it starts"),
    .init(
      ["apply", "-"], 2, "field \"active_until\" is \"soon\"",
      input: #"[{"op": "notice.add", "message": "X", "active_until": "soon"}]"#),
    // Command line shape
    .init(["account", "add", "--nmae", "X", "--balance", "1"], 2, "unknown option '--nmae'"),
    .init(["account", "frobnicate"], 2, "unknown command 'frobnicate'"),
    .init(["frobnicate"], 2, "unknown command 'frobnicate'"),
    .init(["account", "update", "1", "--hidden=yes"], 2, "does not take a value"),
    .init(["show", "--format", "yaml"], 2, "one of text, json"),
    .init(["show", "--width", "3"], 2, "for --width"),
    // Snapshot references and labels
    .init(["show", "--at", "99"], 4, "snapshot 99 of owner 'alice' does not exist"),
    .init(["show", "--at", "nolabel"], 4, "snapshot labelled 'nolabel'"),
    .init(
      ["diff", "@-50"], 4, "goes back further than the history of owner 'alice' (2 snapshots)"),
    .init(["diff", "@-x"], 2, "invalid ref '@-x'"),
    .init(["diff", "bad ref!"], 2, "invalid ref 'bad ref!'"),
    .init(["diff", "/nonexistent/feed.json"], 4, "cannot read feed file"),
    .init(["snapshot", "--label", "base"], 6, "a snapshot labelled 'base' already exists"),
    .init(["snapshot", "--label", "9lives"], 2, "invalid label"),
    // Batches
    .init(["apply", "-"], 2, "is not valid JSON", input: "{\"changes\": [ {\"op\": "),
    .init(["apply", "-"], 2, "has no changes", input: "[]"),
    .init(["apply", "-"], 2, "must be {\"changes\"", input: "{\"change\": []}"),
    .init(["apply", "/nonexistent/batch.json"], 4, "cannot read batch file"),
    .init(
      ["apply", "-"], 4, "change 2 (account.update): account 99 of owner 'alice' does not exist",
      input:
        #"[{"op": "account.adjust", "id": 1, "delta": 5}, {"op": "account.update", "id": 99, "name": "X"}]"#
    ),
    .init(
      ["apply", "-"], 2, "change 2 (account.update): field \"balance\" must be a whole number",
      input:
        #"[{"op": "account.adjust", "id": 1, "delta": 5}, {"op": "account.update", "id": 2, "balance": "lots"}]"#
    ),
    .init(
      ["apply", "-"], 2, "change 1: unknown op \"account.rename\"",
      input: #"[{"op": "account.rename", "id": 1}]"#),
    .init(
      ["apply", "-"], 2, "change 1 (account.update): unknown field \"balanse\"",
      input: #"[{"op": "account.update", "id": 1, "balanse": 5}]"#),
    .init(
      ["apply", "-"], 2, "change 2 (account.add): invalid name: must not be empty",
      input:
        #"[{"op": "account.adjust", "id": 1, "delta": 5}, {"op": "account.add", "name": "", "balance": 1}]"#
    ),
    .init(
      ["apply", "-"], 2, "the integer 99999999999999999999 does not fit in 64 bits",
      input: #"[{"op": "account.add", "name": "X", "balance": 99999999999999999999}]"#),
    .init(
      ["apply", "-"], 2, "change 2 (account.add): field \"currency\"",
      input:
        #"[{"op": "owner.add", "id": "carol"}, {"op": "account.add", "owner": "carol", "name": "X", "balance": 1, "currency": "ABC"}]"#
    ),
    .init(
      ["apply", "-"], 5, "change 2 (account.remove): account 1 is at version 1, not 4",
      input:
        #"[{"op": "notice.add", "message": "new"}, {"op": "account.remove", "id": 1, "expect_version": 4}]"#
    ),
    .init(
      ["apply", "-"], 5, "change 2 (account.update): account 1 is at version 2, not 1",
      input:
        #"[{"op": "account.adjust", "id": 1, "delta": 5}, {"op": "account.update", "id": 1, "name": "N", "expect_version": 1}, {"op": "account.adjust", "id": 1, "delta": 5}]"#
    ),
    .init(
      ["apply", "-"], 2, "change 2 (account.adjust): the balance would overflow",
      input:
        #"[{"op": "notice.add", "message": "first"}, {"op": "account.adjust", "id": 1, "delta": 9223372036854775807}]"#
    ),
    .init(
      ["apply", "-"], 6, "change 1 (owner.add): owner 'alice' already exists",
      input: #"[{"op": "owner.add", "id": "alice"}, {"op": "notice.add", "message": "x"}]"#),
    .init(
      ["account", "update", "1", "--kind", "savings", "--delta", "5", "--expect-version", "4"], 5,
      "account 1 is at version 1, not 4"),
    .init(
      ["account", "update", "1", "--name", " ", "--delta", "5"], 2,
      "invalid name: must not be empty"),
    .init(["snapshot", "--label", "live"], 2, "not 'live'"),
    .init(["owner", "remove", "alice"], 2, "pass --yes to confirm"),
    .init(["owner", "remove", "nobody", "--yes"], 4, "owner 'nobody' does not exist"),
    .init(
      ["owner", "rename", "alice", "--name", ""], 2, "invalid display name: must not be empty"),
  ]

  /// The issue asks for a corpus of at least 40 bad invocations; keep it from shrinking.
  @Test func theCorpusHasAtLeastFortyInvocations() {
    #expect(Self.corpus.count >= 40)
  }

  @Test func everyBadInvocationIsOneLineWithItsExitCodeAndChangesNothing() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["apply", "-"], input: Data(Self.seed.utf8))
      try feedctl.succeed(["snapshot", "--label", "base"])
      for invocation in Self.corpus {
        let before = try feedctl.dump()
        let result = try feedctl.run(
          invocation.arguments, owner: invocation.owner,
          input: invocation.input.map { Data($0.utf8) })
        let after = try feedctl.dump()
        #expect(result.code == invocation.code, "\(invocation): exit code, stderr: \(result.error)")
        #expect(result.errorLines.count == 1, "\(invocation): \(result.error)")
        #expect(result.error.hasPrefix("feedctl: error: "), "\(invocation): \(result.error)")
        #expect(result.error.contains(invocation.phrase), "\(invocation): \(result.error)")
        #expect(result.output.isEmpty, "\(invocation): printed \(result.output)")
        #expect(before == after, "\(invocation) changed the database")
      }
    }
  }
}
