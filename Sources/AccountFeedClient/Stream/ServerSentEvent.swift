/// One event of a `text/event-stream`, as an `EventSource` dispatches it.
struct ServerSentEvent: Sendable, Equatable {
  /// The `id:` field: for the feed stream, the digest of the document the event brings.
  var id: String?
  /// The `event:` field (`feed`, `changeset`); `message` when absent.
  var event: String = "message"
  /// The `data:` lines joined by newlines.
  var data: String = ""
  /// The `retry:` field in milliseconds: the reconnection delay the server asks for.
  var retry: Int?
}
