import Foundation
import PostgresTestSupport
import Testing

@testable import Postgres

/// No password ever appears in an error or in a printed configuration, whatever form the
/// connection string takes — and nothing else in the text is altered to hide it.
@Suite struct PasswordSecrecyTests {
  private func connectionError(_ connectionString: String) throws -> PostgresError {
    try #require(throws: PostgresError.self) {
      try PostgresConnection(PostgresConfiguration(connectionString, connectTimeout: 2))
    }
  }

  @Test(arguments: PasswordForm.allCases)
  func aConnectionErrorIsTheSameWhateverThePassword(form: PasswordForm) throws {
    // "p" is a letter of half the words in any message: hiding it by substring would show.
    let long = try connectionError(form.connectionString(password: "hunter2secret"))
    let short = try connectionError(form.connectionString(password: "p"))
    #expect(long.kind == .connection)
    #expect(long.description == short.description)
    #expect(long.description.contains("127.0.0.1"))
  }

  @Test(arguments: PasswordForm.allCases.filter { $0 != .userAndDatabaseNamedLikeThePassword })
  func aConnectionErrorNeverHoldsThePassword(form: PasswordForm) throws {
    let error = try connectionError(form.connectionString(password: "hunter2secret"))
    #expect(!error.description.contains("hunter2secret"))
  }

  @Test func aUserNamedLikeThePasswordIsShownAsItsName() throws {
    let error = try connectionError(
      PasswordForm.userAndDatabaseNamedLikeThePassword.connectionString(password: "hunter2secret"))
    #expect(error.description.contains("hunter2secret@127.0.0.1:1/hunter2secret"))
  }

  @Test(arguments: [
    "postgres://feed:hunter2secret%zz@db.example/feed",
    "postgresql://feed:hunter2secret@[::1/feed?host=db.example",
    "postgresql://feed:hunter2secret@[]/feed?host=db.example",
    "host=db.example password='hunter2secret",
    "host=db.example password=hunter2 secret",
    "postgres://feed@db.example/feed?password=hunter2secret%00",
    "postgres://feed:hunter2@secret@db.example/feed",
    "postgres://feed:hunter2/secret@db.example/feed",
  ])
  func anUnparsableStringIsNotEchoed(connectionString: String) throws {
    let error = try connectionError(connectionString)
    #expect(error.kind == .configuration)
    #expect(error.description.hasPrefix("invalid connection string: "))
    for part in ["hunter2", "secret", "db.example"] {
      #expect(!error.description.contains(part))
    }
  }

  @Test func anUnparsableStringKeepsLibpqsGrammarMarks() {
    #expect(
      ConnectionStringParseMessage.withoutQuotedText(
        #"missing "=" after "hunter2" in connection info string"#)
        == #"missing "=" after "…" in connection info string"#)
    #expect(
      ConnectionStringParseMessage.withoutQuotedText(
        #"end of string reached when looking for matching "]" in IPv6 host address in URI: "postgresql://u:p"w@[::1""#
      )
        == #"end of string reached when looking for matching "]" in IPv6 host address in URI: "…""#)
  }

  @Test func aQuotedLetterIsHiddenButTheMessageGoesOn() {
    #expect(
      ConnectionStringParseMessage.withoutQuotedText(
        #"unexpected character "x" at position 12 in URI (expected ":" or "/"): "postgres://u:p@[::1]x""#
      )
        == #"unexpected character "…" at position 12 in URI (expected ":" or "/"): "…""#)
  }

  @Test func aPrintedConfigurationShowsTheTargetNotThePassword() {
    let configuration = PostgresConfiguration("postgres://alice:hunter2secret@db.example/feed")
    var dumped = ""
    dump(configuration, to: &dumped)
    for text in [
      String(describing: configuration), String(reflecting: configuration), "\(configuration)",
      dumped,
    ] {
      #expect(!text.contains("hunter2secret"))
      #expect(text.contains("alice@db.example:5432/feed"))
    }
  }
}
