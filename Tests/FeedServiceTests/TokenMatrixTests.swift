import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedComponents
import FeedService
import Foundation
import Testing

/// Every use case a phone can reach, for every pair of owners: a token opens its own owner's
/// feed and nothing of the other's, and a revoked token opens nothing.
@Suite struct TokenMatrixTests {
  static let owners = ["demo", "carol"]

  /// Each owner's token, its first notice's id and its served document.
  struct Party {
    let secret: String
    let notice: Int64
    let document: FeedDocument
  }

  static func parties(_ service: FeedService) throws -> [String: Party] {
    try seedTwoOwners(service)
    var parties: [String: Party] = [:]
    for owner in owners {
      parties[owner] = Party(
        secret: try service.createToken(owner: owner, label: nil, in: .anyOwner).secret,
        notice: try service.feedRows(owner: owner).notices[0].id,
        document: try service.servedDocument(in: .owner(owner)))
    }
    return parties
  }

  @Test(arguments: owners, owners)
  func aTokenReadsOnlyItsOwnersFeed(_ holder: String, _ target: String) throws {
    try withService { service, _ in
      let parties = try Self.parties(service)
      let scope = try service.authenticate(bearer: parties[holder]!.secret)
      #expect(scope == .owner(holder))
      #expect(try service.servedDocument(in: scope).owner == holder)
      let base = parties[target]!.document.digest
      if holder == target {
        guard case .current(let feed) = try service.changes(since: base, in: scope) else {
          Issue.record("\(holder) is not current with its own feed")
          return
        }
        #expect(try feed.document().owner == holder)
      } else {
        let error = #expect(throws: FeedServiceError.self) {
          try service.changes(since: base, in: scope)
        }
        guard error?.kind == .refetch else {
          Issue.record("\(holder) → \(target): \(String(describing: error))")
          return
        }
      }
    }
  }

  @Test(arguments: owners, owners)
  func aTokenActsOnlyOnItsOwnersFeed(_ holder: String, _ target: String) throws {
    try withService { service, connection in
      let parties = try Self.parties(service)
      let scope = try service.authenticate(bearer: parties[holder]!.secret)
      let action = FeedAction.dismissNotice(id: parties[target]!.notice)
      if holder == target {
        let after = try service.perform(action, in: scope)
        #expect(!after.sections.flatMap(\.items).map(\.id).contains(action.itemID))
      } else {
        let before = try connection.dumpOfEveryTable()
        #expect(throws: FeedServiceError.self) { try service.perform(action, in: scope) }
        #expect(try connection.dumpOfEveryTable() == before)
      }
    }
  }

  @Test(arguments: owners)
  func aRevokedTokenOpensNothing(_ holder: String) throws {
    try withService { service, _ in
      let parties = try Self.parties(service)
      let scope = try service.authenticate(bearer: parties[holder]!.secret)
      for token in try service.tokens(in: scope) { try service.revokeToken(token.id, in: scope) }
      #expect(throws: FeedServiceError.self) {
        try service.authenticate(bearer: parties[holder]!.secret)
      }
      let other = Self.owners.first { $0 != holder }!
      #expect(try service.authenticate(bearer: parties[other]!.secret) == .owner(other))
    }
  }
}
