import Foundation

/// One browser tab a test drives: navigate, run JavaScript, wait for a condition, screenshot.
public final class BrowserPage {
  private let connection: DevToolsConnection
  private let session: String

  init(connection: DevToolsConnection) throws {
    self.connection = connection
    let target = try connection.call("Target.createTarget", ["url": "about:blank"])
    guard let targetID = target["targetId"] as? String else {
      throw BrowserError.protocolError(method: "Target.createTarget", message: "no targetId")
    }
    let attached = try connection.call(
      "Target.attachToTarget", ["targetId": targetID, "flatten": true])
    guard let session = attached["sessionId"] as? String else {
      throw BrowserError.protocolError(method: "Target.attachToTarget", message: "no sessionId")
    }
    self.session = session
    _ = try connection.call("Runtime.enable", session: session)
  }

  /// Opens `url` and waits until the document has loaded.
  public func navigate(to url: String) throws {
    _ = try connection.call("Page.navigate", ["url": url], session: session)
    try wait(for: "document.readyState === 'complete' && location.href !== 'about:blank'")
  }

  /// Runs `expression` (a promise is awaited) and returns its JSON value (nil for undefined).
  @discardableResult
  public func evaluate(_ expression: String) throws -> Any? {
    let reply = try connection.call(
      "Runtime.evaluate",
      ["expression": expression, "returnByValue": true, "awaitPromise": true],
      session: session)
    if let exception = reply["exceptionDetails"] as? [String: Any] {
      let thrown = (exception["exception"] as? [String: Any])?["description"] as? String
      throw BrowserError.scriptFailed(thrown ?? exception["text"] as? String ?? "\(exception)")
    }
    return (reply["result"] as? [String: Any])?["value"]
  }

  /// `expression`'s value as a string (what a test compares); a non-string is an error.
  public func string(_ expression: String) throws -> String {
    guard let text = try evaluate(expression) as? String else {
      throw BrowserError.scriptFailed("\(expression.prefix(60)) did not give a string")
    }
    return text
  }

  /// Polls `expression` until it is true, or fails after `seconds`.
  public func wait(for expression: String, seconds: Double = 15) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try evaluate("Boolean(\(expression))") as? Bool == true { return }
      usleep(50_000)
    }
    throw BrowserError.timedOut(expression)
  }

  /// Presses and releases a key the way a keyboard does, for keyboard-access tests: `Tab`,
  /// `Enter`, `Space`, the arrows, with Shift held when `shift` is set.
  public func press(_ key: Key, shift: Bool = false) throws {
    var down: [String: Any] = [
      "type": key.text == nil ? "rawKeyDown" : "keyDown", "key": key.key, "code": key.code,
      "windowsVirtualKeyCode": key.keyCode, "modifiers": shift ? 8 : 0,
    ]
    if let text = key.text { down["text"] = text }
    _ = try connection.call("Input.dispatchKeyEvent", down, session: session)
    down["type"] = "keyUp"
    down["text"] = nil
    _ = try connection.call("Input.dispatchKeyEvent", down, session: session)
  }

  /// A key on the keyboard, as DevTools names it.
  public struct Key: Sendable {
    let key: String
    let code: String
    let keyCode: Int
    let text: String?

    public static let tab = Key(key: "Tab", code: "Tab", keyCode: 9, text: nil)
    public static let enter = Key(key: "Enter", code: "Enter", keyCode: 13, text: "\r")
    public static let space = Key(key: " ", code: "Space", keyCode: 32, text: " ")
    public static let arrowDown = Key(key: "ArrowDown", code: "ArrowDown", keyCode: 40, text: nil)
    public static let arrowUp = Key(key: "ArrowUp", code: "ArrowUp", keyCode: 38, text: nil)
  }

  /// Saves a PNG of the whole page to `file`, creating its directory.
  public func screenshot(to file: URL) throws {
    let shot = try connection.call(
      "Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true], session: session)
    guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
      throw BrowserError.protocolError(method: "Page.captureScreenshot", message: "no image data")
    }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }
}
