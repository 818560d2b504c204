import AccountModel
import FeedComponents
import FeedService
import Foundation
import HTTPServer
import ServiceHTTP

/// The routes of `feedctl preview`: the operator page (any owner, so it is not on the phone API)
/// and the JSON it reads. Every answer comes from one `FeedService` use case; a route only
/// parses the request and prints. Every answer forbids framing, sniffing and any script or
/// style not served by the page itself (`securityHeaders`).
///
/// - `GET /` — the owners list; `GET /owners/<id>` — one owner's page; `GET /assets/<file>`;
/// - `GET /api/owners` — `[{"id", "name"}]`;
/// - `GET /api/feed?owner=` — the owner's live feed (`liveDocument(owner:)`, which records
///   nothing: a read is not a phone being shown a feed, and any web page can make the
///   operator's browser send a `GET`);
/// - `GET /api/events?owner=&since=<digest>` — server-sent `changeset` events (changeset/2,
///   each from the previous one's target, compared live from the version the page read), or
///   one `reload` event when the page's version is no longer live or the service failed; at
///   most `maxStreams` at once, 503 past them;
/// - `GET /api/history?owner=` — the snapshots, oldest first, with what changed at each;
/// - `GET /api/diff?owner=&from=<n>&to=<n>` — two snapshots, their changeset/2 and text plan.
public struct PreviewSite: Sendable {
  public let service: FeedService
  /// What wakes an open page's stream: one LISTEN connection for every page.
  public let events: FeedEvents
  /// Event streams open at once, every page together.
  public let streams: StreamQuota

  public init(service: FeedService, events: FeedEvents, maxStreams: Int = 32) {
    self.service = service
    self.events = events
    self.streams = StreamQuota(limit: maxStreams)
  }

  /// The page is plain files with no inline script or style, so it needs nothing but itself;
  /// another site may not frame it (clickjacking the operator controls) and a browser may not
  /// read a file as another type than the one sent.
  static let securityHeaders: [(name: String, value: String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        + "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
  ]

  /// Adds the page's routes to `router`.
  public func addRoutes(to router: inout Router) {
    let service = self.service
    Self.add(to: &router, "GET", "/") { _ in try Self.asset("index.html") }
    Self.add(to: &router, "GET", prefix: "/owners/") { _ in try Self.asset("owner.html") }
    for name in PreviewAsset.all.keys where !name.hasSuffix(".html") {
      Self.add(to: &router, "GET", "/assets/\(name)") { _ in try Self.asset(name) }
    }
    Self.add(to: &router, "GET", "/api/owners") { _ in
      try Self.answer {
        .json(
          .array(
            try service.owners().map {
              .object(["id": .string($0.id), "name": .string($0.displayName)])
            }))
      }
    }
    Self.add(to: &router, "GET", "/api/feed") { request in
      try Self.answer {
        .bytes(
          try service.liveDocument(owner: try Self.owner(request)).encoded(),
          contentType: "application/json")
      }
    }
    Self.add(to: &router, "GET", "/api/history") { request in
      try Self.answer {
        let owner = try Self.owner(request)
        return .json(.array(try service.history(owner: owner).map(Self.json)))
      }
    }
    Self.add(to: &router, "GET", "/api/diff") { request in
      try Self.answer {
        let owner = try Self.owner(request)
        let comparison = try service.compare(
          try Self.snapshot(request, "from"), try Self.snapshot(request, "to"), owner: owner)
        return .json(
          .object([
            "from": comparison.source.json, "to": comparison.target.json,
            "changeset": try JSONParser.parse(Array(comparison.wire.encoded())),
            "plan": .string(comparison.changeset.planText()),
          ]))
      }
    }
    let (events, streams) = (self.events, self.streams)
    Self.add(to: &router, "GET", "/api/events") { request in
      let scope = try Self.scope(request)
      guard let since = request.query["since"], !since.isEmpty else {
        throw HTTPError.badRequest("say which version the page shows: ?since=<digest>")
      }
      do {
        try streams.acquire("")
      } catch {
        throw HTTPError.unavailable("the preview has \(streams.limit) live pages open; close one")
      }
      let stream = EventStream()
      // The page's version was read live and recorded nowhere, so the follower compares live
      // documents, keeping the last one as the base of the next changeset.
      let follower = FeedFollower(
        service: service, scope: scope, holding: since, mode: .compareLive)
      let send: @Sendable (FeedFollower.Update) -> Void = { Self.send($0, to: stream) }
      // Subscribed before the first catch-up, so a change that lands between the page's read
      // and the subscription is sent, not missed.
      let subscription = events.subscribe(scope) {
        guard stream.isOpen else { return }
        Self.catchUp(follower, send)
      }
      stream.onClose {
        subscription.cancel()
        streams.release("")
      }
      Self.catchUp(follower, send)
      return .events(stream)
    }
  }

  /// Catches `follower` up; a failure is the page's `reload`, as `.catchUpUntilFailure` would
  /// deliver it.
  static func catchUp(
    _ follower: FeedFollower, _ send: @escaping @Sendable (FeedFollower.Update) -> Void
  ) {
    do {
      try follower.catchUp(send)
    } catch {
      send(.reset(FeedServiceError(classifying: error)))
    }
  }

  /// An update as the page reads it: a `changeset` event (changeset/2), or — when the page's
  /// version is no longer live or the service failed — one `reload` event that ends the
  /// stream, and the page fetches the feed.
  static func send(_ update: FeedFollower.Update, to stream: EventStream) {
    switch update {
    case .changes(let changeset):
      stream.send(.changeset(changeset))
    case .comparison(let comparison):
      send(.changes(comparison.wire), to: stream)
    case .feed:
      stream.send(ServerSentEvent(event: "reload", data: "the page holds no version"))
      stream.finish()
    case .reset(let failure):
      stream.send(ServerSentEvent(event: "reload", data: HTTPError(failure: failure).message))
      stream.finish()
    }
  }

  /// Registers a route that answers only requests addressed to this machine by name or
  /// address (`localhost`, `127.0.0.1`, `[::1]`, any IP literal): the page shows every owner
  /// without a token, and a web page whose own domain is re-pointed at 127.0.0.1 (DNS
  /// rebinding) would otherwise read it from the operator's browser.
  static func add(
    to router: inout Router, _ method: String, _ path: String,
    _ handler: @escaping Router.Handler
  ) {
    router.add(method, path) { request in
      try secured {
        try checkHost(request)
        return try handler(request)
      }
    }
  }

  /// Runs a route with the page's security headers on its answer, a refusal's included.
  static func secured(_ route: () throws -> HTTPResponse) throws -> HTTPResponse {
    var response: HTTPResponse
    do {
      response = try route()
    } catch {
      response = HTTPError(serviceError: error).response
    }
    response.headers += securityHeaders
    return response
  }

  static func add(
    to router: inout Router, _ method: String, prefix: String,
    _ handler: @escaping Router.Handler
  ) {
    router.add(method, prefix: prefix) { request in
      try secured {
        try checkHost(request)
        return try handler(request)
      }
    }
  }

  static func checkHost(_ request: HTTPRequest) throws(HTTPError) {
    let host = request.header("host") ?? ""
    let name: Substring
    if host.hasPrefix("[") {
      name = host.prefix { $0 != "]" }.dropFirst()
      guard name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
        throw HTTPError(
          .forbidden, code: "forbidden", "the preview answers only an address as Host")
      }
      return
    }
    name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard name == "localhost" || (!name.isEmpty && name.allSatisfy { $0.isNumber || $0 == "." })
    else {
      throw HTTPError(
        .forbidden, code: "forbidden",
        "the preview answers only localhost or an IP address as Host, not '\(name)'")
    }
  }

  /// An embedded file of the page, never cached stale: a new binary serves a new page.
  static func asset(_ name: String) throws -> HTTPResponse {
    guard let asset = PreviewAsset.named(name) else {
      throw HTTPError.notFound("the page has no file \(name)")
    }
    return .bytes(
      Data(asset.text.utf8), contentType: asset.contentType,
      headers: [("Cache-Control", "no-cache")])
  }

  /// Runs a route's use case, turning what the service throws into the status a page reads.
  static func answer(_ body: () throws -> HTTPResponse) throws -> HTTPResponse {
    do {
      return try body()
    } catch {
      throw HTTPError(serviceError: error)
    }
  }

  static func owner(_ request: HTTPRequest) throws -> String {
    guard let owner = request.query["owner"], !owner.isEmpty else {
      throw HTTPError.badRequest("say whose feed: ?owner=<id>")
    }
    return owner
  }

  /// The operator chose this owner; the service scopes every read to it.
  static func scope(_ request: HTTPRequest) throws -> OwnerScope {
    .owner(try owner(request))
  }

  /// A snapshot number from the query; files and other references are not the page's to read.
  static func snapshot(_ request: HTTPRequest, _ name: String) throws -> FeedReference {
    guard let text = request.query[name], let sequence = Int64(text), sequence > 0 else {
      throw HTTPError.badRequest("\(name) must be a snapshot number, e.g. ?\(name)=1")
    }
    return .sequence(sequence)
  }

  static func json(_ entry: HistoryEntry) -> JSONValue {
    .object([
      "sequence": .integer(Int(entry.info.sequence)),
      "label": entry.info.label.map(JSONValue.string) ?? .null,
      "reason": .string(entry.info.reason),
      "taken_at": .string(ISO8601Time.string(from: entry.info.takenAt)),
      "digest": .string(entry.info.digest),
      "summary": .object([
        "add": .integer(entry.summary.added), "change": .integer(entry.summary.changed),
        "remove": .integer(entry.summary.removed), "move": .integer(entry.summary.moved),
      ]),
    ])
  }
}
