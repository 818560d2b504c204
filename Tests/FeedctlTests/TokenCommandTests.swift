import FeedComponents
import Foundation
import PostgresTestSupport
import Testing

/// `feedctl token`: the secret is printed once by `create` and never again; `--owner` scopes
/// every token command as it scopes the others.
@Suite("Token commands") struct TokenCommandTests {
  private func seeded(_ feedctl: FeedctlDatabase) throws {
    try feedctl.succeed(["demo"], owner: nil)
    try feedctl.succeed(["owner", "add", "carol"], owner: nil)
  }

  @Test func createPrintsTheSecretOnceAsItsLastLine() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let output = try feedctl.succeed(["token", "create", "--label", "phone"], owner: "demo")
      let secret = try #require(output.split(separator: "\n").last.map(String.init))
      #expect(secret.hasPrefix("af_") && secret.count == 46)
      let stored = try feedctl.database.connect().query(
        "SELECT secret_sha256 FROM access_tokens"
      ).single().decode("secret_sha256", as: String.self)
      #expect(stored == SHA256.hexDigest(of: Array(secret.utf8)))
    }
  }

  @Test func createAsJSONCarriesTheSecretAndTheRecord() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let json = try JSONParser.parse(
        Array(try feedctl.succeed(["token", "create", "--format", "json"], owner: "carol").utf8))
      #expect(json["owner"] == "carol")
      #expect(json["label"] == .null)
      #expect(json["revoked_at"] == .null)
      #expect(json["secret"]?.stringValue?.hasPrefix("af_") == true)
    }
  }

  @Test func listAndRevokeNeverPrintTheSecret() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let secret = try #require(
        try feedctl.succeed(["token", "create"], owner: "demo").split(separator: "\n").last)
      let list = try feedctl.succeed(["token", "list", "--format", "json"], owner: nil)
      let revoke = try feedctl.succeed(["token", "revoke", "1"], owner: "demo")
      #expect(!list.contains(secret) && !revoke.contains(secret))
      #expect(revoke == "revoked token 1 of owner 'demo'\n")
    }
  }

  @Test func listWithAnOwnerShowsOnlyTheirTokens() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      try feedctl.succeed(["token", "create", "--label", "demo-phone"], owner: "demo")
      try feedctl.succeed(["token", "create", "--label", "carol-phone"], owner: "carol")
      let carols = try feedctl.succeed(["token", "list"], owner: "carol")
      #expect(carols.hasPrefix("2\tcarol\tcarol-phone\tcreated "))
      #expect(carols.hasSuffix("\tactive\n"))
      #expect(!carols.contains("demo"))
      #expect(try feedctl.succeed(["token", "list"], owner: nil).split(separator: "\n").count == 2)
    }
  }

  @Test func revokingAnotherOwnersTokenIsNotFoundAndChangesNothing() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      try feedctl.succeed(["token", "create"], owner: "demo")
      let before = try feedctl.dump()
      let result = try feedctl.run(["token", "revoke", "1"], owner: "carol")
      #expect(result.code == 4)
      #expect(result.error == "feedctl: error: token 1 of owner 'carol' does not exist\n")
      #expect(try feedctl.dump() == before)
    }
  }

  @Test func createWithoutAnOwnerIsAUsageError() throws {
    try FeedctlDatabase.with { feedctl in
      try seeded(feedctl)
      let before = try feedctl.dump()
      let result = try feedctl.run(["token", "create"], owner: nil)
      #expect(result.code == 2)
      #expect(try feedctl.dump() == before)
    }
  }
}
