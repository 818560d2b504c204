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

  /// The owner's live feed as sent to a phone: digest and canonical JSON. While a `FeedEvents`
  /// listener is connected it comes from the process's cache when nothing changed since it was
  /// read (no database round trip, no encoding); otherwise, and after any change, it is read and
  /// recorded as `servedDocument(in:)` does. `ServedCache` explains why a cached feed is never
  /// one a committed write has made stale, once that write's notification has arrived, and why
  /// this service's own writes are seen at once.
  public func servedFeed(in scope: OwnerScope) throws -> ServedFeed {
    let owner = try Self.owner(of: scope)
    if let feed = cache.feed(owner: owner) { return feed }
    let ticket = cache.ticket()
    let start = ContinuousClock.now
    return try withStore { store in
      // Looked up before the rows are read, so an edge between the two only expires it early.
      let edge = ticket == nil ? nil : try store.nextNoticeWindowEdge(owner: owner)
      let feed = ServedFeed(try served(owner: owner, store: store))
      if let ticket {
        cache.store(
          feed, owner: owner, expires: edge.map { start + $0 - .milliseconds(1) }, ticket: ticket)
      }
      return feed
    }
  }

  /// The changes from the owner's document with digest `base` to the current one. A base the
  /// owner was never shown — unknown, malformed, or another owner's — is
  /// `FeedServiceError.unknownBase`: the client refetches the feed. A phone that already holds
  /// the cached feed is told so without a database round trip, as `servedFeed(in:)` would.
  public func changes(since base: String, in scope: OwnerScope) throws -> FeedCatchUp {
    let owner = try Self.owner(of: scope)
    if let cached = cache.feed(owner: owner), cached.digest == base {
      return .current(cached.document)
    }
    return try withStore { store in
      let current = try served(owner: owner, store: store)
      if current.digest == base { return .current(current) }
      guard Self.isDigest(base),
        let snapshot = try store.snapshot(owner: owner, digest: base)
      else {
        throw FeedServiceError.unknownBase(
          "the document '\(base.prefix(64))' is not one owner '\(owner)' was shown; fetch the feed again"
        )
      }
      let source = try Self.decode(snapshot)
      return .changes(WireChangeset(from: source, to: current), target: current)
    }
  }

  /// The owner's live feed, recorded when the latest snapshot is not it.
  func served(owner: String, store: AccountStore) throws -> FeedDocument {
    let document = try assembler.assemble(try store.feedRows(owner: owner))
    if try store.latestSnapshotDigest(owner: owner) == document.digest { return document }
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    var recordedRows: FeedRows?
    let recorded = try store.recordUnlessLatest(owner: owner) { rows in
      recordedRows = rows
      return try assembler.snapshotContent(for: rows, reason: "served", renderer: fingerprint)
    }
    // A write between the read and the lock: what was recorded is what the owner is shown.
    guard recorded.digest != document.digest, let recordedRows else { return document }
    return try assembler.assemble(recordedRows)
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
