import FeedComponents
import Foundation

/// A response as the client reads it: status, header fields by lower-case name, body.
struct HTTPExchange: Sendable {
  let status: Int
  let headers: [String: String]
  let body: Data

  /// `Retry-After` in seconds, when the server sent one.
  var retryAfter: Duration? {
    headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map {
      .seconds($0)
    }
  }

  /// The refusal this response stands for: 401 is `unauthorized`, anything else `refused`,
  /// worded with the server's `{"error": {"code", "message"}}` when it sent one.
  var refusal: FeedClientError {
    let error = (try? JSONParser.parse(Array(body)))?["error"]
    let code = error?["code"]?.stringValue ?? "status_\(status)"
    let message = error?["message"]?.stringValue ?? "HTTP \(status)"
    return status == 401
      ? .unauthorized(message) : .refused(status: status, code: code, message: message)
  }
}
