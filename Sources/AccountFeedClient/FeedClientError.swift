/// Why the client could not do what it was asked, in one line a person understands.
///
/// A follower stops only on `unauthorized` and `refused` (asking again cannot help); a
/// `transport` failure or an `invalidResponse` makes it reconnect with backoff, so an app shows
/// the last good document meanwhile.
public enum FeedClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server refused the token (401): missing, unknown or revoked. Ask the person to sign in.
  case unauthorized(String)
  /// Any other refusal, with the status and the server's `error.code` and `error.message`.
  case refused(status: Int, code: String, message: String)
  /// The connection failed, was cut, or stayed silent past its timeout.
  case transport(String)
  /// The server's answer could not be read (not a document, not a changeset, a bad header).
  case invalidResponse(String)

  public var description: String {
    switch self {
    case .unauthorized(let message): "the server refused the token: \(message)"
    case .refused(let status, let code, let message):
      "the server answered \(status) (\(code)): \(message)"
    case .transport(let reason): "the connection to the server failed: \(reason)"
    case .invalidResponse(let reason): "the server's answer could not be read: \(reason)"
    }
  }
}
