import AccountModel
import FeedComponents
import FeedService
import HTTPServer
import Synchronization

/// Keeps one event stream's phone current: it remembers the digest the phone holds and, each
/// time it is asked, sends what changed since — a `changeset` event (changeset/2), or a `feed`
/// event with the whole document when the phone holds nothing the service knows. Each event's
/// id is the digest it brings the phone to, so `Last-Event-ID` resumes from there.
///
/// A stream outlives the request that opened it, so the token is asked again before every
/// catch-up: once it is revoked the stream sends nothing more and ends.
final class FeedFollower: Sendable {
  private let service: FeedService
  private let bearer: String
  private let scope: OwnerScope
  private let stream: EventStream
  private let held: Mutex<FeedPosition?>

  init(
    service: FeedService, bearer: String, scope: OwnerScope, stream: EventStream,
    holding digest: String?
  ) {
    self.service = service
    self.bearer = bearer
    self.scope = scope
    self.stream = stream
    self.held = Mutex(digest.map(FeedPosition.init(holding:)))
  }

  /// Sends what changed since the digest held; nothing when the phone is current. Calls are
  /// serialised, so two wakes never send the same change twice.
  func catchUp() throws {
    guard try service.authenticate(bearer: bearer) == scope else {
      throw FeedServiceError.unauthorized("the token now acts for another owner")
    }
    try held.withLock { held in
      guard var position = held else {
        held = try sendFeed()
        return
      }
      do {
        if let changeset = try position.advance(in: scope, with: service) {
          stream.send(
            ServerSentEvent(
              id: position.digest, event: "changeset",
              data: String(decoding: changeset.encoded(), as: UTF8.self)))
          held = position
        }
      } catch FeedServiceError.unknownBase {
        held = try sendFeed()
      }
    }
  }

  private func sendFeed() throws -> FeedPosition {
    let document = try service.servedDocument(in: scope)
    stream.send(
      ServerSentEvent(
        id: document.digest, event: "feed",
        data: String(decoding: document.encoded(), as: UTF8.self)))
    return FeedPosition(holding: document.digest)
  }
}
