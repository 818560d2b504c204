import Foundation

/// Reads a `text/event-stream` response event by event, as a browser's EventSource would; a
/// phone API's response head and each event's data are held to the contract (`ContractCheck`).
final class TestEventReader {
  /// One event or comment block as received.
  struct Block: Equatable {
    var id: String?
    var event: String?
    var data: String?
    var comment: String?
    var retry: Int?
  }

  let connection: TestConnection
  let path: String
  let status: Int
  let headers: [String: String]
  private var text = ""

  /// Opens the stream with `headers` (e.g. `Last-Event-ID`).
  init(
    port: Int, path: String, headers requestHeaders: [String: String] = [:],
    timeoutSeconds: Int = 10, receiveBufferBytes: Int? = nil
  ) throws {
    connection = try TestConnection(
      port: port, timeoutSeconds: timeoutSeconds, receiveBufferBytes: receiveBufferBytes)
    self.path = path
    var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    for (name, value) in requestHeaders.sorted(by: { $0.key < $1.key }) {
      head += "\(name): \(value)\r\n"
    }
    try connection.write(head + "\r\n")
    (status, self.headers) = try connection.readHead()
    ContractCheck.check(
      "GET", path, port: port, TestResponse(status: status, headers: headers, body: Data()),
      bodyRead: false)
  }

  /// The next block (an event, or a comment such as a heartbeat); nil when the stream ended.
  func next() throws -> Block? {
    while true {
      if let range = text.range(of: "\n\n") {
        let raw = text[..<range.lowerBound]
        text.removeSubrange(..<range.upperBound)
        var block = Block()
        var data: [String] = []
        for line in raw.split(separator: "\n") {
          if line.hasPrefix(":") {
            block.comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
          } else if line.hasPrefix("id: ") {
            block.id = String(line.dropFirst(4))
          } else if line.hasPrefix("event: ") {
            block.event = String(line.dropFirst(7))
          } else if line.hasPrefix("retry: ") {
            block.retry = Int(line.dropFirst(7))
          } else if line.hasPrefix("data: ") {
            data.append(String(line.dropFirst(6)))
          }
        }
        if !data.isEmpty { block.data = data.joined(separator: "\n") }
        if let kind = block.event, let data = block.data {
          ContractCheck.checkEvent(kind, data: data, path: path, port: connection.port)
        }
        return block
      }
      guard let chunk = try connection.readChunk() else { return nil }
      text += String(decoding: chunk, as: UTF8.self)
    }
  }

  /// The next block that is an event, skipping heartbeats and the reconnection delay.
  func nextEvent() throws -> Block? {
    while let block = try next() {
      if block.comment == nil, block.retry == nil { return block }
    }
    return nil
  }
}
