import AccountModel
import FeedHTTP
import FeedService
import Foundation
import Synchronization

/// Keeps one page's event stream current: asks the service for the changes since the version
/// the page shows, sends each as a `changeset` event and moves on to its target. A version the
/// service does not know ends the stream with a `reload` event, and the page fetches the feed.
final class FeedWatch: Sendable {
  private let service: FeedService
  private let scope: OwnerScope
  private let stream: EventStream
  private let interval: Duration
  private let since: Mutex<String>

  init(
    service: FeedService, scope: OwnerScope, since: String, stream: EventStream,
    interval: Duration
  ) {
    self.service = service
    self.scope = scope
    self.stream = stream
    self.interval = interval
    self.since = Mutex(since)
  }

  /// Watches on a thread of its own until the page goes away.
  func start() {
    stream.comment("watching")
    let thread = Thread { [self] in
      var quiet = Duration.zero
      while stream.isOpen {
        check()
        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18)
        quiet += interval
        if quiet >= .seconds(5) {
          // A comment tells the server whether the page is still there.
          stream.comment("still watching")
          quiet = .zero
        }
      }
    }
    thread.start()
  }

  /// Sends whatever changed since the last version sent.
  func check() {
    let base = since.withLock { $0 }
    do {
      switch try service.changes(since: base, in: scope) {
      case .current: return
      case .changes(let changeset, let target):
        stream.send(
          ServerSentEvent(
            id: target.digest, event: "changeset",
            data: String(decoding: changeset.encoded(), as: UTF8.self)))
        since.withLock { $0 = target.digest }
      }
    } catch FeedServiceError.unknownBase(let message) {
      stream.send(ServerSentEvent(event: "reload", data: message))
      stream.finish()
    } catch {
      stream.send(ServerSentEvent(event: "reload", data: "\(error)"))
      stream.finish()
    }
  }
}
