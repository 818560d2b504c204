/// Reads a `text/event-stream` body in pieces of any size and returns each complete event.
///
/// Lines end with `\n` (a `\r` before it is dropped); comment lines (`: heartbeat`) are
/// skipped; a blank line dispatches the event when it has data or a `retry:`. This is the part
/// of the HTML event-stream rules the feed server uses.
struct ServerSentEventParser {
  private var line: [UInt8] = []
  private var pending = ServerSentEvent()
  private var hasData = false

  /// The events completed by `bytes`.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    for byte in bytes {
      guard byte == UInt8(ascii: "\n") else {
        line.append(byte)
        continue
      }
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      if line.isEmpty {
        if hasData || pending.retry != nil { events.append(pending) }
        pending = ServerSentEvent()
        hasData = false
      } else {
        field(String(decoding: line, as: UTF8.self))
      }
      line.removeAll(keepingCapacity: true)
    }
    return events
  }

  private mutating func field(_ text: String) {
    guard !text.hasPrefix(":") else { return }
    let name: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      name = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.hasPrefix(" ") { value = value.dropFirst() }
    } else {
      name = Substring(text)
      value = ""
    }
    switch name {
    case "id" where !value.contains("\0"): pending.id = String(value)
    case "event": pending.event = String(value)
    case "data":
      pending.data = hasData ? pending.data + "\n" + value : String(value)
      hasData = true
    case "retry": pending.retry = Int(value) ?? pending.retry
    default: break
    }
  }
}
