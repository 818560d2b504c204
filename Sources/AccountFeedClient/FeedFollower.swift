import FeedComponents
import FeedWire
import Foundation

/// One follower of a document: starts from the cache, catches up, then keeps the event stream
/// open, reconnecting with backoff, and yields every version it can vouch for.
///
/// The home feed is patched: each `changeset` event must start at the digest held and is applied
/// with FeedWire's reference applier, which checks the target digest; any disagreement (an
/// unknown base, a mismatch, a stage that does not fit) fetches the whole document instead.
/// Other screens, and documents narrowed by capabilities, are fetched again with
/// `If-None-Match` whenever an event says the owner's feed changed.
struct FeedFollower {
  /// A refusal that asks to come back later (429, 503), after `delay` when the server said.
  private struct RetryLater: Error {
    let delay: Duration?
  }

  let client: FeedClient
  let continuation: AsyncThrowingStream<FeedUpdate, any Error>.Continuation
  private var current: FeedDocument?
  /// The `ETag` of `current` when it was fetched; nil when it came otherwise.
  private var currentETag: String?
  /// What to send as `Last-Event-ID`: the digest held, or for a refetched screen the id of the
  /// last event seen (a home-feed digest).
  private var lastEventID: String?
  /// The server's `retry:`, the base of the backoff once sent.
  private var serverRetry: Duration?
  private var streamOpened = false

  init(client: FeedClient, continuation: AsyncThrowingStream<FeedUpdate, any Error>.Continuation) {
    self.client = client
    self.continuation = continuation
  }

  private var configuration: FeedClientConfiguration { client.configuration }

  mutating func run() async throws {
    if let cached = configuration.cache?.load() {
      deliver(FeedUpdate(document: cached, source: .cache, batches: []))
      do throws(FeedClientError) {
        try await catchUp(from: cached)
      } catch .transport, .invalidResponse {
        // The stream below resumes from the cached digest once the server can be reached.
      }
    }
    var attempt = 0
    while true {
      try Task.checkCancellation()
      var retryAfter: Duration?
      streamOpened = false
      do {
        try await readStream()
      } catch let refusal as RetryLater {
        retryAfter = refusal.delay
      } catch let error as FeedClientError {
        switch error {
        case .transport, .invalidResponse: break
        case .unauthorized, .refused: throw error
        }
      }
      attempt = streamOpened ? 0 : attempt + 1
      try await Task.sleep(
        for: configuration.reconnect.delay(
          attempt: attempt, base: serverRetry, retryAfter: retryAfter))
    }
  }

  /// Brings the cached document up to date: a changeset when the server knows its digest, the
  /// whole document after a 409.
  private mutating func catchUp(from cached: FeedDocument) async throws(FeedClientError) {
    guard configuration.followsByChangesets else {
      try await refetch(as: .feed)
      return
    }
    do throws(FeedClientError) {
      let changeset = try await client.changes(since: cached.digest)
      try await apply(changeset)
    } catch .refused(409, _, _) {
      try await refetch(as: .refetch)
    }
  }

  /// Opens `/v1/feed/events` from `lastEventID` and handles its events until it ends.
  private mutating func readStream() async throws {
    var headers = ["Authorization": "Bearer \(configuration.token)"]
    if let lastEventID { headers["Last-Event-ID"] = lastEventID }
    let messages = SocketEventStream.open(
      configuration.url("v1/feed/events"), headers: headers,
      idleTimeout: configuration.streamIdleTimeout)
    for try await message in messages {
      switch message {
      case .opened:
        streamOpened = true
      case .refused(let response):
        if response.status == 429 || response.status == 503 {
          throw RetryLater(delay: response.retryAfter)
        }
        throw response.refusal
      case .event(let event):
        if let retry = event.retry { serverRetry = .milliseconds(retry) }
        guard !event.data.isEmpty else { continue }
        if configuration.followsByChangesets {
          try await patch(with: event)
        } else {
          lastEventID = event.id
          try await refetch(as: .feed)
        }
      }
    }
  }

  /// Handles a home-feed event: the whole document, or a changeset from the one held.
  private mutating func patch(with event: ServerSentEvent) async throws(FeedClientError) {
    switch event.event {
    case "feed":
      guard let document = try? FeedDocument(data: Data(event.data.utf8)),
        event.id == nil || event.id == document.digest
      else { return try await refetch(as: .refetch) }
      deliver(FeedUpdate(document: document, source: .feed, batches: batches(to: document)))
    case "changeset":
      guard let changeset = try? WireChangeset(data: Data(event.data.utf8)),
        event.id == nil || event.id == changeset.target
      else { return try await refetch(as: .refetch) }
      try await apply(changeset)
    default:
      return
    }
  }

  /// Applies `changeset` to the document held and delivers the result, or fetches the whole
  /// document when it does not start there or does not land on its target.
  private mutating func apply(_ changeset: WireChangeset) async throws(FeedClientError) {
    guard let current, changeset.base == current.digest else {
      return try await refetch(as: .refetch)
    }
    guard changeset.target != current.digest else { return }
    guard let target = try? changeset.apply(to: current),
      let batches = try? BatchPlanner.batches(for: changeset.stages, from: current),
      batches.last?.sections == target.sections
    else { return try await refetch(as: .refetch) }
    deliver(FeedUpdate(document: target, source: .changeset, batches: batches))
  }

  /// Fetches the whole document (unless it is still the one held) and delivers it. The home
  /// feed's tag is its digest, gzipped or not, so a document that came as a changeset is named
  /// by both.
  private mutating func refetch(as source: FeedUpdate.Source) async throws(FeedClientError) {
    var held = currentETag
    if held == nil, configuration.followsByChangesets, let digest = current?.digest {
      held = "\"\(digest)\", \"\(digest)-gzip\""
    }
    guard let fetched = try await client.fetch(ifNoneMatch: held) else { return }
    let document = fetched.document
    deliver(FeedUpdate(document: document, source: source, batches: batches(to: document)))
    currentETag = fetched.etag
  }

  /// The batches from the document held to `document`, diffed here; none for the first one.
  private func batches(to document: FeedDocument) -> [FeedBatch] {
    guard let current else { return [] }
    let changeset = WireChangeset(from: current, to: document)
    return (try? BatchPlanner.batches(for: changeset.stages, from: current)) ?? []
  }

  /// Hands `update` to the app and keeps its document as the one held (and on disk).
  private mutating func deliver(_ update: FeedUpdate) {
    current = update.document
    currentETag = nil
    if configuration.followsByChangesets { lastEventID = update.document.digest }
    continuation.yield(update)
    if update.source != .cache {
      // The cache only saves a download at the next start; failing to write it changes nothing
      // the app shows, so the follower goes on.
      try? configuration.cache?.store(update.document)
    }
  }
}
