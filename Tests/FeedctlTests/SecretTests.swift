import AccountFeedTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// No password reaches feedctl's output, whatever the connection string looks like, and
/// nothing else in a message is altered to hide it.
@Suite("Secrets")
struct SecretTests {
  private func unreachable(_ connectionString: String) throws -> FeedctlResult {
    try FeedctlProcess.run(
      ["owner", "list"],
      environment: ["DATABASE_URL": connectionString, "PGCONNECT_TIMEOUT": "2"])
  }

  @Test(arguments: PasswordForm.allCases.filter { $0 != .userAndDatabaseNamedLikeThePassword })
  func anUnreachableServerNeverShowsThePassword(form: PasswordForm) throws {
    let result = try unreachable(form.connectionString(password: "hunter2secret"))
    #expect(result.code == 3)
    #expect(result.errorLines.count == 1)
    #expect(!result.error.contains("hunter2secret"))
    #expect(!result.output.contains("hunter2secret"))
  }

  @Test(arguments: PasswordForm.allCases)
  func anUnreachableServerIsReportedTheSameWhateverThePassword(form: PasswordForm) throws {
    let long = try unreachable(form.connectionString(password: "hunter2secret"))
    let short = try unreachable(form.connectionString(password: "p"))
    #expect(long.code == 3)
    #expect(long.error == short.error)
    #expect(long.output == short.output)
  }

  @Test func thePasswordOptionIsNotShownEither() throws {
    let result = try FeedctlProcess.run(
      [
        "show", "--owner", "demo", "--database-url",
        PasswordForm.urlUserInfo.connectionString(password: "hunter2secret"),
      ],
      environment: ["PGCONNECT_TIMEOUT": "2"])
    #expect(result.code == 3)
    #expect(!result.error.contains("hunter2secret"))
  }

  @Test(arguments: [
    "postgres://feed:hunter2secret%zz@db.example/feed",
    "postgresql://feed:hunter2secret@[::1/feed?host=db.example",
    "host=db.example password='hunter2secret",
    "host=db.example password=hunter2 secret",
    "postgres://feed:hunter2@secret@db.example/feed",
  ])
  func anUnparsableConnectionStringIsNotEchoed(connectionString: String) throws {
    let result = try FeedctlProcess.run(
      ["owner", "list"], environment: ["DATABASE_URL": connectionString])
    #expect(result.code == 2)
    #expect(result.errorLines.count == 1)
    for part in ["hunter2", "secret", "db.example"] {
      #expect(!result.error.contains(part))
      #expect(!result.output.contains(part))
    }
  }

  @Test func aOneLetterPasswordLeavesOtherWordsWhole() throws {
    try FeedctlDatabase.with { feedctl in
      let batch = #"[{"op": "account.update", "id": 999999, "name": "x"}]"#
      let result = try feedctl.run(
        ["apply", "-"], owner: nil,
        environment: [
          "DATABASE_URL": feedctl.database.configuration.connectionString + " password=p"
        ],
        input: Data(batch.utf8))
      #expect(result.code == 4)
      #expect(result.error.contains("(account.update): account 999999 does not exist"))
    }
  }

  @Test func anOwnerNamedLikeThePasswordIsShownByName() throws {
    try FeedctlDatabase.with { feedctl in
      let result = try feedctl.run(
        ["show", "--owner", "pepper"], owner: nil,
        environment: [
          "DATABASE_URL": feedctl.database.configuration.connectionString + " password=pepper"
        ])
      #expect(result.code == 4)
      #expect(result.error.contains("owner 'pepper' does not exist"))
    }
  }
}
