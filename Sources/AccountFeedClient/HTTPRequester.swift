import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plain requests (the feed, a screen, catch-up, actions) through `URLSession`, with no cache of
/// its own: the client keeps its document and sends `If-None-Match` itself.
final class HTTPRequester: Sendable {
  private let session: URLSession

  init(timeout: TimeInterval) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// The response to `request`; a failure to get one is `transport`, cancellation included.
  func send(_ request: URLRequest) async throws(FeedClientError) -> HTTPExchange {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      throw .transport(Task.isCancelled ? "cancelled" : error.localizedDescription)
    }
    guard let http = response as? HTTPURLResponse else {
      throw .invalidResponse("not an HTTP response")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    return HTTPExchange(status: http.statusCode, headers: headers, body: data)
  }
}
