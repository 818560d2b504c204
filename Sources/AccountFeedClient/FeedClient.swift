import FeedComponents
import FeedWire
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The phone side of the feed API: what an app links to show a server-driven screen and keep it
/// current.
///
/// `updates()` is the whole life of a screen in one sequence — the cached document, catch-up,
/// the live event stream with resume and reconnects, verification of every changeset — each
/// version handed over with the batch updates that animate to it. `fetch`, `changes` and
/// `perform` are the single requests it is made of, for apps that drive them themselves.
public final class FeedClient: Sendable {
  public let configuration: FeedClientConfiguration
  private let requester: HTTPRequester

  public init(_ configuration: FeedClientConfiguration) {
    self.configuration = configuration
    requester = HTTPRequester(timeout: configuration.requestTimeout)
  }

  /// The followed document (the home feed, or `configuration.screen`) with its `ETag`, or nil
  /// when `etag` (an `ETag` received before, or a list of them) still names it
  /// (`304 Not Modified`). Its digests are checked, and its `ETag` must start with its digest.
  public func fetch(ifNoneMatch etag: String? = nil) async throws(FeedClientError)
    -> FetchedDocument?
  {
    let path = configuration.screen.map { "v1/screens/\($0)" } ?? "v1/feed"
    var request = request(configuration.url(path))
    if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    let response = try await requester.send(request)
    if response.status == 304, etag != nil { return nil }
    guard response.status == 200 else { throw response.refusal }
    let document: FeedDocument
    do {
      document = try FeedDocument(data: response.body)
    } catch {
      throw .invalidResponse("the document: \(error)")
    }
    // The tag names the representation (`"<digest>"`, `"<digest>-gzip"`, `"<digest>-<hex>"`,
    // docs/http.md) and always starts with the digest.
    let etag = response.headers["etag"] ?? "\"\(document.digest)\""
    let tagged = etag.dropFirst().prefix { $0 != "-" && $0 != "\"" }
    guard tagged == document.digest else {
      throw .invalidResponse(
        "the ETag \(etag) does not name the document's digest \(document.digest)")
    }
    return FetchedDocument(document: document, etag: etag)
  }

  /// The changeset from the home feed the app holds (`digest`) to the current one. A digest the
  /// server does not know is `refused` with status 409: fetch the whole feed.
  public func changes(since digest: String) async throws(FeedClientError) -> WireChangeset {
    var components = URLComponents(
      url: configuration.url("v1/feed/changes"), resolvingAgainstBaseURL: false)
    components?.queryItems = [URLQueryItem(name: "since", value: digest)]
    guard let url = components?.url else { throw .invalidResponse("no URL for \(digest)") }
    let response = try await requester.send(request(url))
    guard response.status == 200 else { throw response.refusal }
    do {
      return try WireChangeset(data: response.body)
    } catch {
      throw .invalidResponse("the changeset: \(error)")
    }
  }

  /// Sends `action` and returns the digest of the document it leads to. A transport failure
  /// (or a `503`) is retried with the same `Idempotency-Key`, up to
  /// `configuration.actionAttempts` attempts; a refusal is not.
  public func perform(_ action: ActionRequest) async throws(FeedClientError) -> String {
    var request = request(configuration.url("v1/actions"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(action.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
    request.httpBody = CanonicalJSONWriter().data(action.body)
    var attempt = 0
    while true {
      attempt += 1
      let failure: FeedClientError
      var retryAfter: Duration?
      do throws(FeedClientError) {
        let response = try await requester.send(request)
        if response.status == 200 {
          guard let digest = (try? JSONParser.parse(Array(response.body)))?["digest"]?.stringValue
          else { throw FeedClientError.invalidResponse("no digest in the action's answer") }
          return digest
        }
        guard response.status == 503 else { throw response.refusal }
        failure = response.refusal
        retryAfter = response.retryAfter
      } catch .transport(let reason) {
        failure = .transport(reason)
      }
      guard attempt < configuration.actionAttempts, !Task.isCancelled else { throw failure }
      let delay = configuration.reconnect.delay(attempt: attempt - 1, retryAfter: retryAfter)
      do {
        try await Task.sleep(for: delay)
      } catch {
        throw failure
      }
    }
  }

  /// Every version of the followed document, from the cache (if any) on, until the sequence is
  /// cancelled or the server refuses the token (`FeedClientError.unauthorized`). Each iteration
  /// is its own follower with its own connection; ending it closes that connection.
  public func updates() -> FeedUpdates {
    FeedUpdates(client: self)
  }

  /// A request carrying the token and the capabilities.
  func request(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
    if let capabilities = configuration.capabilities {
      request.setValue(capabilities, forHTTPHeaderField: "Client-Capabilities")
    }
    return request
  }
}
