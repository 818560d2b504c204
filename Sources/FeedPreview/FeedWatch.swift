import AccountModel
import FeedService
import Foundation
import HTTPServer
import PhoneAPI
import Synchronization

/// Keeps one page's event stream current: whenever `FeedEvents` says the owner's feed may have
/// changed, asks the service for the changes since the version the page shows, sends them as a
/// `changeset` event and moves on to their target. A version the service does not know ends
/// the stream with a `reload` event, and the page fetches the feed.
final class FeedWatch: Sendable {
  private let service: FeedService
  private let scope: OwnerScope
  private let stream: EventStream
  /// The version the page shows; held while checking, so two checks never send one change twice.
  private let position: Mutex<FeedPosition>

  init(service: FeedService, scope: OwnerScope, since: String, stream: EventStream) {
    self.service = service
    self.scope = scope
    self.stream = stream
    self.position = Mutex(FeedPosition(holding: since))
  }

  /// Subscribes until the page goes away, then sends what changed since the page's version was
  /// read (a change may have landed before the subscription).
  func start(events: FeedEvents) {
    let subscription = events.subscribe(scope) { [self] in check() }
    stream.onClose { subscription.cancel() }
    check()
  }

  /// Sends whatever changed since the last version sent.
  func check() {
    position.withLock { position in
      guard stream.isOpen else { return }
      do {
        if let changeset = try position.advance(in: scope, with: service) {
          stream.send(
            ServerSentEvent(
              id: position.digest, event: "changeset",
              data: String(decoding: changeset.encoded(), as: UTF8.self)))
        }
      } catch {
        stream.send(ServerSentEvent(event: "reload", data: HTTPError(serviceError: error).message))
        stream.finish()
      }
    }
  }
}
