import AccountModel
import FeedComponents
import FeedWire
import Synchronization

/// Follows one owner's feed for one front end — a phone's event stream, the preview page,
/// `feedctl watch` — and says what to send each time it is asked to catch up. It holds a
/// version (a digest), never a document the service knows better.
///
/// Guarantees:
/// - Catch-ups are serialised and `deliver` runs inside them, so updates reach the front end in
///   order and two wakes never deliver the same change twice; a follower caught up again and
///   again is sent each change once and misses none (`FeedPosition`).
/// - `check` (a token that must still act for the scope's owner) runs before every catch-up; when
///   it throws, nothing is delivered.
/// - `.catchUp`: the whole feed when the version held is unknown (or none), then changesets;
///   failures are thrown to the caller and the version held stays.
/// - `.catchUpUntilFailure`: changesets only; the first failure — an unknown version included —
///   is delivered as `.reset`, and after it nothing more is.
/// - `.compareLive`: compares live documents (recording nothing as shown) and delivers the
///   comparison of the last one seen with the current one when they differ; the first
///   catch-up only takes the current document. A front end that holds a live version it read
///   itself (recorded nowhere, so no catch-up could start from it) names it: when the first
///   document taken is another, the whole feed is delivered, since no base is known for it.
public final class FeedFollower: Sendable {
  /// How the follower reads the feed and meets failure.
  public enum Mode: Sendable {
    case catchUp
    case catchUpUntilFailure
    case compareLive
  }

  /// What a front end sends or prints.
  public enum Update: Sendable {
    /// The whole document: the follower held nothing the service knows.
    case feed(FeedDocument)
    /// The changeset/2 from the version held to the current one (its target).
    case changes(WireChangeset)
    /// The last live document seen and the current one, for a plan or a changeset.
    case comparison(FeedComparison)
    /// The follower stopped: why, classified. The front end refetches or ends.
    case reset(FeedServiceError)
  }

  private enum Held: Sendable {
    case version(String?)
    case document(FeedDocument?)
    case stopped
  }

  private let service: FeedService
  private let scope: OwnerScope
  private let mode: Mode
  private let check: (@Sendable () throws -> Void)?
  private let held: Mutex<Held>
  /// The version `.compareLive` was told the front end holds before its first catch-up.
  private let liveVersion: String?

  /// - Parameters:
  ///   - digest: the version the front end holds (for `.compareLive`, a live version the front
  ///     end read with `liveDocument(owner:)`, or nil).
  ///   - check: runs before every catch-up; the HTTP front end passes its token check.
  public init(
    service: FeedService, scope: OwnerScope, holding digest: String?, mode: Mode = .catchUp,
    check: (@Sendable () throws -> Void)? = nil
  ) {
    self.service = service
    self.scope = scope
    self.mode = mode
    self.check = check
    self.held = Mutex(mode == .compareLive ? .document(nil) : .version(digest))
    self.liveVersion = mode == .compareLive ? digest : nil
  }

  /// The version held now: the digest of the last document delivered or seen.
  public var digest: String? {
    held.withLock { held in
      switch held {
      case .version(let digest): digest
      case .document(let document): document?.digest
      case .stopped: nil
      }
    }
  }

  /// Delivers what changed since the version held; nothing when the front end is current.
  public func catchUp(_ deliver: (Update) -> Void) throws {
    try held.withLock { held in
      do {
        try check?()
        try advance(&held, deliver)
      } catch  where mode == .catchUpUntilFailure {
        held = .stopped
        deliver(.reset(FeedServiceError(classifying: error)))
      }
    }
  }

  private func advance(_ held: inout Held, _ deliver: (Update) -> Void) throws {
    switch held {
    case .stopped:
      return
    case .document(let shown):
      let current = try service.liveDocument(owner: try FeedService.owner(of: scope))
      held = .document(current)
      if shown == nil, let liveVersion, liveVersion != current.digest {
        deliver(.feed(current))
      }
      guard let shown, shown.digest != current.digest else { return }
      deliver(.comparison(try FeedComparison(source: shown, target: current)))
    case .version(nil):
      held = .version(try deliverFeed(deliver))
    case .version(let digest?):
      var position = FeedPosition(holding: digest)
      do {
        if let changeset = try position.advance(in: scope, with: service) {
          deliver(.changes(changeset))
          held = .version(position.digest)
        }
      } catch let error as FeedServiceError where error.kind == .refetch && mode == .catchUp {
        held = .version(try deliverFeed(deliver))
      }
    }
  }

  private func deliverFeed(_ deliver: (Update) -> Void) throws -> String {
    let document = try service.servedDocument(in: scope)
    deliver(.feed(document))
    return document.digest
  }
}
