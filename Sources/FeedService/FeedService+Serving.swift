import AccountModel
import AccountStore
import FeedComponents
import FeedWire
import Foundation

/// What a front end serving phones reads: the feed as shown, and the way from a document the
/// phone holds to the current one. Every call takes the scope a token granted, never an owner
/// id from the request.
extension FeedService {
  /// The owner's live feed, recorded as a snapshot when its digest is not the owner's latest
  /// snapshot's, so a later `changes(since:in:)` from it finds it. Most calls only read: a
  /// document is recorded once, when it first differs.
  public func servedDocument(in scope: OwnerScope) throws -> FeedDocument {
    let owner = try Self.owner(of: scope)
    return try withStore { try served(owner: owner, store: $0) }
  }

  /// The changes from the owner's document with digest `base` to the current one. A base the
  /// owner was never shown — unknown, malformed, or another owner's — is
  /// `FeedServiceError.unknownBase`: the client refetches the feed.
  public func changes(since base: String, in scope: OwnerScope) throws -> FeedCatchUp {
    let owner = try Self.owner(of: scope)
    return try withStore { store in
      let current = try served(owner: owner, store: store)
      if current.digest == base { return .current(current) }
      guard Self.isDigest(base),
        let sequence = try store.snapshotSequence(owner: owner, digest: base)
      else {
        throw FeedServiceError.unknownBase(
          "the document '\(base.prefix(64))' is not one owner '\(owner)' was shown; fetch the feed again"
        )
      }
      let source = try Self.decode(try store.snapshot(owner: owner, sequence: sequence))
      return .changes(WireChangeset(from: source, to: current), target: current)
    }
  }

  /// The owner's live feed, recorded when the latest snapshot is not it.
  func served(owner: String, store: AccountStore) throws -> FeedDocument {
    let document = try assembler.assemble(try store.feedRows(owner: owner))
    if try store.latestSnapshotDigest(owner: owner) == document.digest { return document }
    let assembler = self.assembler
    let recorded = try store.recordUnlessLatest(owner: owner) { rows in
      try assembler.snapshotContent(for: rows, reason: "served")
    }
    if recorded.digest == document.digest { return document }
    // What was rendered under the lock is now the latest snapshot, stored now or before.
    guard let latest = try store.latestSnapshot(owner: owner) else {
      throw FeedServiceError.notFound("owner '\(owner)' has no snapshot after recording one")
    }
    return try Self.decode(latest)
  }

  /// The one owner a scope stands for; an operator's any-owner scope names no feed.
  static func owner(of scope: OwnerScope) throws -> String {
    guard let owner = scope.ownerID else { throw FeedServiceError.ownerRequired }
    return owner
  }

  private static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }
  }
}
