import Foundation

/// Chrome DevTools Protocol commands over one WebSocket: each command waits for the answer with
/// its id; events that arrive meanwhile are set aside.
final class DevToolsConnection {
  private let socket: WebSocket
  private var nextID = 0

  init(socket: WebSocket) {
    self.socket = socket
  }

  /// Sends `method` (to the page session when `session` is given) and returns its `result`.
  func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws
    -> [String: Any]
  {
    nextID += 1
    var message: [String: Any] = ["id": nextID, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    let data = try JSONSerialization.data(withJSONObject: message)
    try socket.send(String(decoding: data, as: UTF8.self))
    while true {
      let text = try socket.receive()
      guard
        let reply = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
        reply["id"] as? Int == nextID
      else { continue }
      if let error = reply["error"] as? [String: Any] {
        throw BrowserError.protocolError(
          method: method, message: error["message"] as? String ?? "\(error)")
      }
      return reply["result"] as? [String: Any] ?? [:]
    }
  }
}
