import FeedComponents
import FeedService

extension EmbeddedDatabase {
  /// The state `db start|stop|status --format json` print.
  func statusJSON(port: Int?) -> JSONValue {
    [
      "running": .bool(port != nil), "directory": .string(directory),
      "port": port.map { .integer($0) } ?? .null, "socket": .string(socketDirectory),
    ]
  }
}
