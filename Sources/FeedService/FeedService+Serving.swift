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
  ///
  /// With a read replica, the replica answers when it has the owner's latest recorded feed and
  /// has replayed every commit this process knows of (`ReadReplica`); otherwise the primary.
  public func servedDocument(in scope: OwnerScope) throws -> FeedDocument {
    let owner = try Self.owner(of: scope)
    if let document = replica?.read(owner: owner, { try replicated(owner: owner, store: $0) }) {
      return document
    }
    return try withStore { try served(owner: owner, store: $0) }
  }

  /// The owner's live feed as sent to a phone: digest and canonical JSON. While a `FeedEvents`
  /// listener is connected it comes from the process's cache when nothing changed since it was
  /// read (no database round trip, no encoding); otherwise, and after any change, it is read and
  /// recorded as `servedDocument(in:)` does. `ServedCache` explains why a cached feed is never
  /// one a committed write has made stale, once that write's notification has arrived, and why
  /// this service's own writes are seen at once.
  ///
  /// `held` is the digest of the document the phone holds (its `If-None-Match`), if any: a
  /// read replica answers only when it knows that document too, so a replica behind the one
  /// that served the phone never sends it back in time; otherwise the primary answers.
  public func servedFeed(in scope: OwnerScope, holding held: String? = nil) throws -> ServedFeed {
    try currentFeed(owner: Self.owner(of: scope), holding: held).feed
  }

  /// `servedFeed(in:holding:)`'s feed, with its document when it was read now; nil when it came
  /// from the cache, which keeps no decoded document (`ServedFeed`).
  private func currentFeed(owner: String, holding held: String?) throws -> (
    feed: ServedFeed, document: FeedDocument?
  ) {
    let ticket: UInt64?
    switch cache.feed(owner: owner) {
    case .hit(let feed): return (feed, nil)
    case .miss(let missed): ticket = missed
    }
    // The edge is measured from the read's own clock, which is after `start`: the entry only
    // ever expires early.
    let start = ContinuousClock.now
    let fromReplica = replica?.read(owner: owner) { store -> (FeedDocument, Duration?)? in
      guard let read = try replicatedRead(owner: owner, store: store),
        try Self.knows(held, owner: owner, current: read.document, store: store)
      else { return nil }
      return (read.document, read.nextEdge)
    }
    let (document, edge) =
      try fromReplica ?? withStore { try servedRead(owner: owner, store: $0) }
    let feed = ServedFeed(document)
    if let ticket {
      cache.store(
        feed, owner: owner, expires: edge.map { start + $0 - .milliseconds(1) }, ticket: ticket)
    }
    return (feed, document)
  }

  /// What `authenticate(bearer:)` then `servedFeed(in:)` would return, when this process's
  /// cache holds both the token's owner and the owner's feed; nil when answering needs the
  /// database (or a refusal: an unknown or malformed token, which the full read then makes).
  /// It waits on nothing but the cache's lock, so a network thread may try it before handing a
  /// request to a worker: the common read — a phone asking again for an unchanged feed — then
  /// never queues.
  public func cachedFeed(bearer secret: String) -> (scope: OwnerScope, feed: ServedFeed)? {
    guard TokenSecret.isWellFormed(secret),
      let (owner, feed) = cache.ownerAndFeed(tokenHash: TokenSecret.hash(secret))
    else { return nil }
    return (.owner(owner), feed)
  }

  /// The changes from the owner's document with digest `base` to the current one. A base the
  /// owner was never shown — unknown, malformed, or another owner's — is
  /// `FeedServiceError.unknownBase`: the client refetches the feed. A phone that already holds
  /// the cached feed is told so without a database round trip, as `servedFeed(in:)` would.
  ///
  /// Followers of one owner holding one document share the work (`SharedCatchUps`): one
  /// running catch-up is joined, and a changeset already built to the current document is
  /// reused.
  public func changes(since base: String, in scope: OwnerScope) throws -> FeedCatchUp {
    let owner = try Self.owner(of: scope)
    return try catchUps.share(owner: owner, base: base) {
      // The current document comes from a database that knows `base` (a replica behind the
      // primary hands over to it), so lag never turns into a refetch.
      let (current, read) = try currentFeed(owner: owner, holding: base)
      if current.digest == base { return .current(current) }
      let changeset = try catchUps.changeset(owner: owner, base: base, target: current.digest) {
        WireChangeset(
          from: try shownDocument(owner: owner, digest: base), to: try read ?? current.document())
      }
      return .changes(changeset)
    }
  }

  /// The document with digest `digest` the owner was shown, from the replica when it has it;
  /// `unknownBase` when the owner never was.
  private func shownDocument(owner: String, digest: String) throws -> FeedDocument {
    guard Self.isDigest(digest) else { throw Self.unknownBase(digest, owner: owner) }
    let snapshot =
      try replica?.read(owner: owner) { try $0.snapshot(owner: owner, digest: digest) }
      ?? withStore { try $0.snapshot(owner: owner, digest: digest) }
    guard let snapshot else { throw Self.unknownBase(digest, owner: owner) }
    return try Self.decode(snapshot)
  }

  private static func unknownBase(_ base: String, owner: String) -> FeedServiceError {
    .unknownBase(
      "the document '\(base.prefix(64))' is not one owner '\(owner)' was shown; fetch the feed again"
    )
  }

  /// The owner's live feed, recorded when the latest snapshot is not it. `store` is the
  /// primary's: recording is a write.
  func served(owner: String, store: AccountStore) throws -> FeedDocument {
    try servedRead(owner: owner, store: store).document
  }

  /// `served(owner:store:)`, with how long until the feed next changes with no write (a notice
  /// window's edge). When the owner's latest snapshot is the feed — every read but an owner's
  /// first after a change — this is one statement (`AccountStore.servedRows`): one round trip,
  /// no transaction around it.
  func servedRead(owner: String, store: AccountStore) throws -> (
    document: FeedDocument, nextEdge: Duration?
  ) {
    let read = try store.servedRows(owner: owner)
    let document = try assembler.assemble(read.rows)
    if read.latestDigest == document.digest { return (document, read.nextWindowEdge) }
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    var recorded = document
    try store.recordUnlessLatest(owner: owner) { rows in
      // A write, or a window edge, between the read and the lock: what is recorded — and
      // shown — is drawn from the rows read under the lock.
      recorded = read.drawTheSame(as: rows) ? document : try assembler.assemble(rows)
      return assembler.snapshotContent(of: recorded, reason: "served", renderer: fingerprint)
    }
    fenceReplica(.owner(owner), on: store)
    return (recorded, read.nextWindowEdge)
  }

  /// The owner's live feed as a replica has it, when it may be served as it is: it is the
  /// owner's latest snapshot. Nil when it would have to be recorded first, which is a write and
  /// belongs on the primary (a notice window opened, a program wrote around the service).
  func replicated(owner: String, store: AccountStore) throws -> FeedDocument? {
    try replicatedRead(owner: owner, store: store)?.document
  }

  /// `replicated(owner:store:)`, with the next notice-window edge; one statement, as
  /// `servedRead(owner:store:)`.
  func replicatedRead(owner: String, store: AccountStore) throws -> (
    document: FeedDocument, nextEdge: Duration?
  )? {
    let read = try store.servedRows(owner: owner)
    let document = try assembler.assemble(read.rows)
    guard read.latestDigest == document.digest else { return nil }
    return (document, read.nextWindowEdge)
  }

  /// Whether `store`'s database knows the document a phone holds: it is the current one, or a
  /// snapshot of the owner's (so the database has replayed past it). A phone that holds nothing,
  /// or something that is no digest, is known everywhere alike.
  static func knows(
    _ held: String?, owner: String, current: FeedDocument, store: AccountStore
  ) throws -> Bool {
    guard let held, held != current.digest, isDigest(held) else { return true }
    return try store.snapshot(owner: owner, digest: held) != nil
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
