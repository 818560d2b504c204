import AccountModel
import FeedService
import HTTPServer
import ServiceHTTP

extension PhoneAPI {
  /// `GET /v1/feed/events`: server-sent events that keep the phone current. The phone names
  /// the document it holds with `Last-Event-ID` (or `?since=`); without one, or with one the
  /// service does not know, the first event is the whole feed. Then each change is a
  /// `changeset` event, sent when the service's `FeedEvents` says the owner's feed may have
  /// changed — by any program's write or a notice window. Each event's id is the digest it
  /// brings the phone to, so `Last-Event-ID` resumes from there.
  func events(_ request: HTTPRequest) throws -> HTTPResponse {
    let scope = try scope(of: request)
    guard let events = feedEvents else {
      throw HTTPError.unavailable("live events are not running on this server")
    }
    let owner = scope.ownerID ?? ""
    try streams.acquire(owner)
    let stream = EventStream()
    stream.adviseReconnection(after: Self.reconnectionDelay)
    let follower = FeedFollower(
      service: service, scope: scope,
      holding: request.header("last-event-id") ?? request.query["since"],
      check: tokenCheck(request.bearerToken ?? "", scope: scope))
    let send: @Sendable (FeedFollower.Update) -> Void = { Self.send($0, to: stream) }
    let subscription = events.subscribe(scope) { Self.catchUp(follower, stream, send) }
    do {
      try serving { try follower.catchUp(send) }
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

  /// How long a phone waits before reconnecting once its stream ends, sent as the stream's
  /// first bytes (`retry:`). When a server stops, every phone on it reconnects: a delay of
  /// seconds, which phones add their own jitter to, spreads them over the instances left rather
  /// than all in the same instant.
  static let reconnectionDelay = Duration.seconds(2)

  /// Sends the phone what changed since the last event it was sent — unless its stream is
  /// behind (its client is not reading what it has): then nothing is queued now, and once the
  /// stream drains it is sent one catch-up from the digest the follower holds, however many
  /// wakes came meanwhile. A stream's unsent bytes stay within one event of its bound.
  ///
  /// A stream that cannot catch up (the database went away, the token was revoked) ends rather
  /// than stay silently behind: the phone reconnects with its Last-Event-ID and resumes from
  /// there, or is refused.
  private static func catchUp(
    _ follower: FeedFollower, _ stream: EventStream,
    _ send: @escaping @Sendable (FeedFollower.Update) -> Void
  ) {
    guard !stream.isBehind else {
      stream.whenDrained { catchUp(follower, stream, send) }
      return
    }
    do { try follower.catchUp(send) } catch { stream.finish() }
  }

  /// A stream outlives the request that opened it, so its token is asked again before every
  /// catch-up: once it is revoked, or acts for another owner, the stream sends nothing more.
  private func tokenCheck(_ bearer: String, scope: OwnerScope) -> @Sendable () throws -> Void {
    { [service] in
      guard try service.authenticate(bearer: bearer) == scope else {
        throw FeedServiceError.unauthorized("the token now acts for another owner")
      }
    }
  }

  /// An update as the phone receives it: a `feed` event with the whole document, a
  /// `changeset` event (changeset/2), or the end of the stream.
  private static func send(_ update: FeedFollower.Update, to stream: EventStream) {
    switch update {
    case .feed(let document):
      stream.send(.feed(document))
    case .changes(let changeset):
      stream.send(.changeset(changeset))
    case .comparison(let comparison):
      send(.changes(comparison.wire), to: stream)
    case .reset:
      stream.finish()
    }
  }
}
