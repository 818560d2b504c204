/// What an event-stream connection reports, in order: `opened` then events, or `refused`.
enum StreamMessage: Sendable {
  /// The server answered 200 with an event stream.
  case opened
  /// The server answered with something else (401, 429, 503 …); the stream ends after it.
  case refused(HTTPExchange)
  /// One event of the stream.
  case event(ServerSentEvent)
}
