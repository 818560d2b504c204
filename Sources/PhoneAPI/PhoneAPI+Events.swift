import FeedService
import HTTPServer

extension PhoneAPI {
  /// `GET /v1/feed/events`: server-sent events that keep the phone current. The phone names
  /// the document it holds with `Last-Event-ID` (or `?since=`); without one, or with one the
  /// service does not know, the first event is the whole feed. Then each change is a
  /// `changeset` event, sent when the service's `FeedEvents` says the owner's feed may have
  /// changed — by any program's write or a notice window.
  func events(_ request: HTTPRequest) throws -> HTTPResponse {
    let scope = try scope(of: request)
    guard let events = feedEvents else {
      throw HTTPError.unavailable("live events are not running on this server")
    }
    let owner = scope.ownerID ?? ""
    try streams.acquire(owner)
    let stream = EventStream()
    let follower = FeedFollower(
      service: service, bearer: request.bearerToken ?? "", scope: scope, stream: stream,
      holding: request.header("last-event-id") ?? request.query["since"])
    // A stream that cannot catch up (the database went away, the token was revoked) ends
    // rather than stay silently behind: the phone reconnects with its Last-Event-ID and
    // resumes from there, or is refused.
    let subscription = events.subscribe(scope) {
      do { try follower.catchUp() } catch { stream.finish() }
    }
    do {
      try serving { try follower.catchUp() }
    } catch {
      subscription.cancel()
      streams.release(owner)
      throw error
    }
    stream.onClose { [streams] in
      subscription.cancel()
      streams.release(owner)
    }
    return .events(stream)
  }
}
