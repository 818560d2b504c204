import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedService
import Foundation
import Testing

/// Bearer tokens: each acts for exactly its owner, is stored only as a hash, and stops working
/// when revoked.
@Suite struct TokenTests {
  @Test func aNewTokenAuthenticatesAsItsOwner() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let issued = try service.createToken(owner: "carol", label: "phone", in: .anyOwner)
      #expect(try service.authenticate(bearer: issued.secret) == .owner("carol"))
    }
  }

  @Test func theSecretIsStoredOnlyAsItsSHA256() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let issued = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      let dump = try connection.dumpOfEveryTable().joined(separator: "\n")
      #expect(!dump.contains(issued.secret))
      #expect(!dump.contains(String(issued.secret.dropFirst(3))))
      let stored = try connection.query("SELECT secret_sha256 FROM access_tokens").single()
        .decode("secret_sha256", as: String.self)
      let expected = try connection.query(
        "SELECT encode(sha256(convert_to(\(issued.secret), 'UTF8')), 'hex') AS hash"
      ).single().decode("hash", as: String.self)
      #expect(stored == expected)
    }
  }

  @Test func secretsAreDistinctAndOfTheDocumentedForm() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let secrets = try (0..<3).map { _ in
        try service.createToken(owner: "demo", label: nil, in: .anyOwner).secret
      }
      #expect(Set(secrets).count == 3)
      for secret in secrets {
        #expect(secret.hasPrefix("af_") && secret.count == 46, "\(secret.count)")
        #expect(secret.dropFirst(3).allSatisfy { $0.isLetter || $0.isNumber || "-_".contains($0) })
      }
    }
  }

  @Test func aRevokedTokenNoLongerAuthenticates() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let issued = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      try service.revokeToken(issued.info.id, in: .owner("demo"))
      #expect(throws: FeedServiceError.unauthorized("the bearer token is unknown or revoked")) {
        try service.authenticate(bearer: issued.secret)
      }
    }
  }

  @Test func revokingTwiceKeepsTheFirstRevocation() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let issued = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      let first = try service.revokeToken(issued.info.id, in: .anyOwner)
      let second = try service.revokeToken(issued.info.id, in: .anyOwner)
      #expect(first.revokedAt != nil)
      #expect(second == first)
    }
  }

  @Test(arguments: ["", "Bearer", "af_short", "xx_" + String(repeating: "A", count: 43)])
  func aMalformedTokenIsRefusedWithoutEchoingIt(_ sent: String) throws {
    try withService { service, _ in
      let error = #expect(throws: FeedServiceError.self) { try service.authenticate(bearer: sent) }
      guard let error, error.kind == .unauthorized else {
        Issue.record("not unauthorized: \(String(describing: error))")
        return
      }
      #expect(sent.isEmpty || !error.message.contains(sent))
    }
  }

  @Test func anUnknownWellFormedTokenIsRefusedWithoutEchoingIt() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let guess = "af_" + String(repeating: "A", count: 43)
      let error = #expect(throws: FeedServiceError.self) { try service.authenticate(bearer: guess) }
      #expect(error == .unauthorized("the bearer token is unknown or revoked"))
    }
  }

  @Test func aTokenForAnOwnerOutsideTheScopeIsRefusedAndChangesNothing() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      #expect(throws: AccountStoreError.notFound("owner 'demo'")) {
        try service.createToken(owner: "demo", label: nil, in: .owner("carol"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func aTokenForAMissingOwnerIsRefusedAndChangesNothing() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      #expect(throws: AccountStoreError.notFound("owner 'nobody'")) {
        try service.createToken(owner: "nobody", label: nil, in: .anyOwner)
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func aLabelThatBreaksTheLineIsRefusedAndChangesNothing() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      let error = #expect(throws: AccountStoreError.self) {
        try service.createToken(owner: "demo", label: "phone\nadmin", in: .anyOwner)
      }
      guard case .invalid(let field, _)? = error else {
        Issue.record("not invalid: \(String(describing: error))")
        return
      }
      #expect(field == "token label")
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func revokingAnotherOwnersTokenIsNotFoundAndChangesNothing() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let demos = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      let before = try connection.dumpOfEveryTable()
      #expect(throws: AccountStoreError.notFound("token \(demos.info.id) of owner 'carol'")) {
        try service.revokeToken(demos.info.id, in: .owner("carol"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
      #expect(try service.authenticate(bearer: demos.secret) == .owner("demo"))
    }
  }

  @Test func anOwnersListingHoldsOnlyTheirTokens() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let carols = try service.createToken(owner: "carol", label: "tablet", in: .anyOwner)
      let demos = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      #expect(try service.tokens(in: .owner("carol")) == [carols.info])
      #expect(
        try service.tokens(in: .anyOwner).map(\.id).sorted()
          == [carols.info.id, demos.info.id].sorted())
    }
  }

  @Test func removingTheOwnerRemovesItsTokens() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let issued = try service.createToken(owner: "carol", label: nil, in: .anyOwner)
      try service.apply([.removeOwner(id: "carol")], in: .anyOwner, reason: "test")
      #expect(throws: FeedServiceError.self) { try service.authenticate(bearer: issued.secret) }
    }
  }
}
