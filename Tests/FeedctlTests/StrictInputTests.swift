import Foundation
import Testing

/// Bad input of the kinds issue 8 part 5 lists — times that are not in the calendar, names that
/// hide what they say, control characters, inputs that cannot be read — against one seeded
/// database: each refusal is one line with its exit code, never a raw control character, and
/// leaves the database exactly as it was.
@Suite("Strict input")
struct StrictInputTests {
  static let corpus: [BadInvocation] = [
    // Times that are not in the calendar, on the command line
    .init(
      ["notice", "add", "--message", "X", "--active-from", "2026-02-30"], 2,
      "invalid value '2026-02-30' for --active-from: February 2026 has 28 days"),
    .init(
      ["notice", "add", "--message", "X", "--active-until", "2026-13-01"], 2,
      "month 13 does not exist; months run from 01 to 12"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "2026-12-01T09:00:00+25:00"], 2,
      "offset +25:00 does not exist"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "2026-12-01T09:00:00+24:00"], 2,
      "offset +24:00 does not exist"),
    .init(
      ["notice", "add", "--message", "X", "--active-until", "2026-12-01T24:00:00Z"], 2,
      "hour 24 does not exist"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "2026-12-31T23:59:60Z"], 2,
      "second 60 does not exist"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "0000-01-01"], 2,
      "year 0000 does not exist"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "2026-1-5"], 2,
      "a date is written YYYY-MM-DD"),
    .init(
      ["notice", "update", "1", "--active-until", "2027-02-29"], 2, "February 2027 has 28 days"),
    // … and in a batch
    .init(
      ["apply", "-"], 2,
      "change 2 (notice.add): field \"active_from\" is \"2026-02-30\": February 2026 has 28 days",
      input:
        #"[{"op": "notice.add", "message": "ok"}, {"op": "notice.add", "message": "X", "active_from": "2026-02-30"}]"#
    ),
    .init(
      ["apply", "-"], 2, "field \"active_until\" is \"2026-12-01T09:00:00+24:00\": offset +24:00",
      input: #"[{"op": "notice.update", "id": 1, "active_until": "2026-12-01T09:00:00+24:00"}]"#),
    // Names and messages that hide what they say
    .init(
      ["account", "add", "--name=\u{200D}", "--balance", "1"], 2,
      "invalid name: must contain a visible character; it has only invisible ones (U+200D)"),
    .init(
      ["account", "add", "--name=\u{FE0F}", "--balance", "1"], 2,
      "invalid name: must contain a visible character"),
    .init(
      ["account", "add", "--name", "Pay\u{202E}lapyap", "--balance", "1"], 2,
      "invalid name: must not contain the bidirectional control U+202E"),
    .init(
      ["account", "update", "1", "--name", "\u{2067}x"], 2,
      "invalid name: must not contain the bidirectional control U+2067"),
    .init(
      ["notice", "add", "--message", "\u{200B}\u{200B}"], 2,
      "invalid message: must contain a visible character"),
    .init(
      ["owner", "rename", "alice", "--name", "\u{3164}"], 2,
      "invalid display name: must contain a visible character"),
    .init(
      ["owner", "add", "bob", "--name", "\u{200F}Bob"], 2,
      "invalid display name: must not contain the bidirectional control U+200F"),
    .init(
      ["apply", "-"], 2, "change 2 (account.add): invalid name: must contain a visible character",
      input:
        #"[{"op": "notice.add", "message": "ok"}, {"op": "account.add", "name": "\u200b", "balance": 1}]"#
    ),
    .init(
      ["apply", "-"], 2,
      "change 1 (notice.add): invalid message: must not contain the bidirectional control U+202E",
      input: #"[{"op": "notice.add", "message": "a\u202eb"}]"#),
    // Control characters are quoted escaped, wherever they came from
    .init(
      ["owner", "add", "\u{1B}[31mevil"], 2, "invalid owner id: '\\u{1B}[31mevil' must be"),
    .init(
      ["account", "list"], 2, "invalid owner id: '\\u{1B}]0;title\\u{7}'",
      owner: "\u{1B}]0;title\u{7}"),
    .init(["diff", "bad\u{1B}[2Jref"], 2, "invalid ref 'bad\\u{1B}[2Jref'"),
    .init(["show", "--at", "\u{1B}[31m"], 2, "invalid ref '\\u{1B}[31m'"),
    .init(["snapshot", "--label", "v\u{1B}[0m"], 2, "invalid label: 'v\\u{1B}[0m'"),
    .init(
      ["apply", "/nonexistent/\u{1B}]0;pwned\u{7}.json"], 4,
      "cannot read batch file '/nonexistent/\\u{1B}]0;pwned\\u{7}.json': no such file"),
    .init(
      ["account", "add", "--name", "X", "--balance", "1", "--\u{1B}[31m"], 2,
      "unknown option '--\\u{1B}[31m'"),
    .init(
      ["notice", "add", "--message", "X", "--active-from", "2026-12-01\u{1B}[31m"], 2,
      "invalid value '2026-12-01\\u{1B}[31m' for --active-from"),
    .init(
      ["apply", "-"], 2, "invalid owner id: 'a\\u{0}b' must be",
      input: #"[{"op": "owner.add", "id": "a\u0000b"}]"#),
    .init(
      ["apply", "-"], 2, "unknown field \"\\u{1B}[2J\"",
      input: #"[{"op": "account.update", "id": 1, "\u001b[2J": 1}]"#),
    .init(
      ["apply", "-"], 2, "is \"2026-12-01T09:00:00Z\\u{1B}\": unexpected text after the time zone",
      input: #"[{"op": "notice.add", "message": "X", "active_from": "2026-12-01T09:00:00Z\u001b"}]"#
    ),
    .init(
      ["apply", "-"], 2, "unknown op \"\\u{9B}2J\"", input: #"[{"op": "\u009b2J"}]"#),
    // Inputs that cannot be read
    .init(["apply", "/"], 2, "cannot read batch file '/': it is a directory"),
    .init(["diff", "/"], 2, "cannot read feed file '/': it is a directory"),
    .init(
      ["apply", "/dev/zero"], 2,
      "cannot read batch file '/dev/zero': it goes on past the limit of 64 MiB"),
  ]

  @Test func everyRefusalIsOneEscapedLineWithItsExitCodeAndChangesNothing() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["apply", "-"], input: Data(BadInvocationTests.seed.utf8))
      for invocation in Self.corpus {
        let before = try feedctl.dump()
        let result = try feedctl.run(
          invocation.arguments, owner: invocation.owner,
          input: invocation.input.map { Data($0.utf8) })
        #expect(result.code == invocation.code, "\(invocation): exit code, stderr: \(result.error)")
        #expect(result.errorLines.count == 1, "\(invocation): \(result.error)")
        #expect(result.error.hasPrefix("feedctl: error: "), "\(invocation): \(result.error)")
        #expect(result.error.contains(invocation.phrase), "\(invocation): \(result.error)")
        #expect(
          !Self.hasRawControl(result.error), "\(invocation): \(result.error.debugDescription)")
        #expect(result.output.isEmpty, "\(invocation): printed \(result.output)")
        #expect(try feedctl.dump() == before, "\(invocation) changed the database")
      }
    }
  }

  @Test func aClosedStandardInputIsRefused() throws {
    try expectRefusal(
      of: ["apply", "-"], redirecting: "<&-", code: 2,
      message: "feedctl: error: cannot read standard input: it is closed\n")
  }

  @Test func aDirectoryAsStandardInputIsRefused() throws {
    try expectRefusal(
      of: ["apply", "-"], redirecting: "< /", code: 2,
      message: "feedctl: error: cannot read standard input: it is a directory\n")
  }

  @Test func standardInputThatNeverEndsIsRefusedAtTheLimit() throws {
    try expectRefusal(
      of: ["apply", "-"], redirecting: "< /dev/zero", code: 2,
      message: "feedctl: error: cannot read standard input: it goes on past the limit of 64 MiB\n")
  }

  @Test func aTwoGigabyteFileIsRefusedByItsSizeWithoutReadingIt() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "feedctl-sparse-\(UUID().uuidString).json")
    #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: path) }
    let handle = try FileHandle(forWritingTo: path)
    try handle.truncate(atOffset: 2 << 30)
    try handle.close()
    try expectRefusal(
      of: ["apply", path.path], redirecting: "", code: 2,
      message:
        "feedctl: error: cannot read batch file '\(path.path)': it is 2147483648 bytes, more than the limit of 64 MiB\n"
    )
  }

  @Test func devStdinFromAPipeIsReadAsAFile() throws {
    try FeedctlDatabase.with { feedctl in
      let result = try feedctl.run(
        ["apply", "/dev/stdin"],
        pipedInput: Data(#"[{"op": "owner.add", "id": "alice", "name": "Alice"}]"#.utf8))
      #expect(result.code == 0, "\(result.error)")
      #expect(try feedctl.succeed(["owner", "list"]) == "alice\tAlice\n")
    }
  }

  @Test func namesInKoreanWithEmojiJoinersAndSelectorsAreAccepted() throws {
    try FeedctlDatabase.with { feedctl in
      let name = "생활비 \u{1F469}\u{200D}\u{1F4BB} \u{2764}\u{FE0F}"
      try feedctl.succeed(["owner", "add", "alice"])
      try feedctl.succeed(["account", "add", "--name", name, "--balance", "1"])
      let list = try feedctl.succeed(["account", "list"])
      #expect(list.unicodeScalars.split(separator: "\t")[1].elementsEqual(name.unicodeScalars))
    }
  }

  @Test func aCombiningMarkRightAfterTheEqualsSignIsPartOfTheName() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice"])
      try feedctl.succeed(["account", "add", "--name=\u{301}x", "--balance", "1"])
      let list = try feedctl.succeed(["account", "list"])
      #expect(list.unicodeScalars.split(separator: "\t")[1].elementsEqual(["\u{301}", "x"]))
    }
  }

  /// Runs an `apply` that must be refused on a seeded database and checks the whole result.
  private func expectRefusal(
    of arguments: [String], redirecting redirection: String, code: Int32, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["apply", "-"], input: Data(BadInvocationTests.seed.utf8))
      let before = try feedctl.dump()
      let result = try feedctl.run(arguments, shellRedirection: redirection)
      #expect(result.code == code, sourceLocation: sourceLocation)
      #expect(result.error == message, sourceLocation: sourceLocation)
      #expect(result.output.isEmpty, sourceLocation: sourceLocation)
      #expect(try feedctl.dump() == before, sourceLocation: sourceLocation)
    }
  }

  /// A control character other than the final newline, written as it was.
  static func hasRawControl(_ text: String) -> Bool {
    text.dropLast().unicodeScalars.contains {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }
  }
}
