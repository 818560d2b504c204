import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import Foundation

// Screens and client capabilities: every front end (`feedctl show --screen`, the server's
// `/v1/screens/<name>`) asks for a screen by name and states what its client draws; the service
// builds that screen for that client, and performs what the screen's controls send back.

extension FeedService {
  /// The owner's screen `screen` assembled now, as a client with `capabilities` receives it (nil:
  /// every type). The document records the screen and the capability set; the same rows and the
  /// same set give the same bytes.
  ///
  /// Throws `ScreenError` for a malformed or unknown screen name before the database is asked.
  public func screenDocument(
    _ screen: String, owner: String, capabilities: ClientCapabilities?
  ) throws -> FeedDocument {
    let layout = try screens.layout(of: screen)
    let assembler = FeedAssembler(layout: layout, environment: self.assembler.environment)
    // A screen is never recorded, so the replica answers whenever it has replayed every commit
    // this process knows of (`ReadReplica`).
    let rows =
      try replica?.read(owner: owner) { try $0.feedRows(owner: owner) }
      ?? withStore { try $0.feedRows(owner: owner) }
    return try assembler.assemble(rows, screen: screen, for: capabilities)
  }

  /// The screen for the owner a scope stands for, as `/v1/screens/<name>` serves it to a token's
  /// owner; an operator's any-owner scope names no screen (`ownerRequired`).
  public func screenDocument(
    _ screen: String, in scope: OwnerScope, capabilities: ClientCapabilities?
  ) throws -> FeedDocument {
    try screenDocument(screen, owner: try Self.owner(of: scope), capabilities: capabilities)
  }

  /// The screen a reference names: live (built for `capabilities`), a snapshot, or a feed file.
  /// `@` and `@-N` count the screen's own snapshots. A stored or written document is never
  /// rebuilt, so it must have been built for the same screen and the same capability set, or
  /// the use case says which differs. Snapshots are built for every type; one that names no
  /// screen is of the home screen.
  public func screenDocument(
    _ reference: FeedReference, screen: String, owner: String?,
    capabilities: ClientCapabilities?
  ) throws -> FeedDocument {
    _ = try screens.layout(of: screen)
    let document: FeedDocument
    switch (reference, owner) {
    case (.file, _):
      document = try self.document(reference, owner: owner)
    case (_, nil):
      throw FeedServiceError.ownerRequired
    case (.live, let owner?):
      return try screenDocument(screen, owner: owner, capabilities: capabilities)
    case (.latest(let back), let owner?):
      document = try latestSnapshot(owner: owner, screen: screen, back: back)
    case (.sequence, let owner?), (.label, let owner?):
      document = try self.document(reference, owner: owner)
    }
    let shown = document.screen ?? ScreenCatalog.home
    guard shown == screen else {
      throw FeedServiceError.invalidInput(
        "'\(reference)' is a feed of screen '\(shown)', not of screen '\(screen)'")
    }
    guard document.capabilities == capabilities else {
      throw FeedServiceError.invalidInput(
        "'\(reference)' was built for \(Self.describe(document.capabilities)), not for "
          + Self.describe(capabilities))
    }
    return document.screen == nil ? document.showing(screen: screen) : document
  }

  /// Stores the owner's screen `screen` as a snapshot (built for every type), optionally under a
  /// label; `@` on that screen then names it. The home screen's snapshots are the ones every
  /// write records, so a home snapshot is stored exactly as `takeSnapshot(owner:label:)` stores
  /// it.
  public func takeSnapshot(owner: String, screen: String, label: String?) throws -> SnapshotInfo {
    let layout = try screens.layout(of: screen)
    guard screen != ScreenCatalog.home else { return try takeSnapshot(owner: owner, label: label) }
    let assembler = FeedAssembler(layout: layout, environment: self.assembler.environment)
    return try withStore { store in
      try store.takeSnapshot(owner: owner) { rows in
        let (feed, nodes) = try assembler.assemble(rows, screen: screen, for: nil).stored
        return SnapshotContent(
          feed: feed, nodes: nodes, label: label, reason: "snapshot", screen: screen,
          summarize: { base in StoredFeedSection.summary(from: base, to: feed) })
      }
    }
  }

  /// The screen's snapshot `back` before its latest.
  private func latestSnapshot(owner: String, screen: String, back: Int) throws -> FeedDocument {
    try withStore { store in
      let history = try store.snapshots(owner: owner, screen: screen, limit: back + 1)
      guard back < history.count else {
        let count = try store.snapshots(owner: owner, screen: screen).count
        throw FeedServiceError.notFound(
          count == 0
            ? "owner '\(owner)' has no snapshots of screen '\(screen)' yet; take one with 'feedctl snapshot --screen \(screen)'"
            : "ref '@-\(back)' goes back further than the history of screen '\(screen)' of owner '\(owner)' (\(count) snapshot\(count == 1 ? "" : "s"))"
        )
      }
      return try Self.decode(try store.snapshot(owner: owner, sequence: history[0].sequence))
    }
  }

  /// Compares two feeds of one screen, both as a client with `capabilities` receives them.
  public func compareScreen(
    _ from: FeedReference, _ to: FeedReference, screen: String, owner: String?,
    capabilities: ClientCapabilities?
  ) throws -> FeedComparison {
    try FeedComparison(
      source: try screenDocument(
        from, screen: screen, owner: owner, capabilities: capabilities),
      target: try screenDocument(to, screen: screen, owner: owner, capabilities: capabilities))
  }

  /// Shows or hides an account on the home screen: what the settings screen's switch asks for
  /// (a phone's switch arrives as `FeedAction.setAccountVisibility` through `perform(_:in:)`).
  /// Like every write, it records the resulting feed; setting the state the account already has
  /// changes nothing.
  @discardableResult
  public func setAccountVisibility(
    _ accountID: Int64, visible: Bool, in scope: OwnerScope
  ) throws -> AppliedChange {
    try updateAccount(accountID, AccountUpdate(hidden: !visible), delta: nil, in: scope)
  }

  /// Refuses to compare feeds of different screens, or built for different capability sets: a
  /// diff between them would describe the difference of the screens, not a change.
  static func requireAlike(
    _ source: FeedDocument, _ from: FeedReference, _ target: FeedDocument, _ to: FeedReference
  ) throws {
    let screens = (source.screen ?? ScreenCatalog.home, target.screen ?? ScreenCatalog.home)
    guard screens.0 == screens.1 else {
      throw FeedServiceError.invalidInput(
        "'\(from)' is a feed of screen '\(screens.0)' and '\(to)' of screen '\(screens.1)'; "
          + "compare feeds of one screen")
    }
    guard source.capabilities == target.capabilities else {
      throw FeedServiceError.invalidInput(
        "'\(from)' was built for \(describe(source.capabilities)) and '\(to)' for "
          + "\(describe(target.capabilities)); compare feeds built for one client")
    }
  }

  private static func describe(_ capabilities: ClientCapabilities?) -> String {
    capabilities.map { "client capabilities \($0)" } ?? "every component type"
  }
}
