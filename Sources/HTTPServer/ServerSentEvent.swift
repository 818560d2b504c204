/// One server-sent event, framed as the EventSource standard reads it: `id:`, `event:`, one
/// `data:` line per line of data, and a blank line that dispatches it. The reconnection delay
/// (`retry:`) is a field block of its own, sent once as a stream opens (`retry(milliseconds:)`).
public struct ServerSentEvent: Equatable, Sendable {
  /// What a client sends back as `Last-Event-ID` when it reconnects.
  public var id: String?
  /// The event type (`changeset`); without one a client sees a `message`.
  public var event: String?
  public var data: String

  public init(id: String? = nil, event: String? = nil, data: String) {
    self.id = id
    self.event = event
    self.data = data
  }

  /// The event's bytes on the wire. Line breaks inside `id` and `event` would end the field
  /// early, so they are dropped; in `data` each line becomes its own `data:` field.
  public var framed: String {
    var text = ""
    if let id { text += "id: \(Self.oneLine(id))\n" }
    if let event { text += "event: \(Self.oneLine(event))\n" }
    for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
      text += "data: \(line.hasSuffix("\r") ? line.dropLast() : line)\n"
    }
    return text + "\n"
  }

  /// A comment line: ignored by clients, it keeps proxies and idle timers from closing the
  /// stream and tells the server when a client has gone.
  public static func comment(_ text: String) -> String {
    ": \(oneLine(text))\n\n"
  }

  /// A `retry:` field alone: the client's reconnection delay, no event dispatched.
  public static func retry(milliseconds: Int64) -> String {
    "retry: \(milliseconds)\n\n"
  }

  private static func oneLine(_ text: String) -> String {
    text.filter { $0 != "\n" && $0 != "\r" }
  }
}
