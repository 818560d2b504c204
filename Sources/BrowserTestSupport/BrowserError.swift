/// Why the headless browser could not do what a test asked, in one line.
public enum BrowserError: Error, CustomStringConvertible {
  case notInstalled
  case launchFailed(String)
  case connection(String)
  case protocolError(method: String, message: String)
  case scriptFailed(String)
  case timedOut(String)

  public var description: String {
    switch self {
    case .notInstalled:
      "no Chromium found: install the Debian package chromium (bash .ci/run does) or set CHROMIUM"
    case .launchFailed(let reason): "Chromium did not start: \(reason)"
    case .connection(let reason): "the DevTools connection failed: \(reason)"
    case .protocolError(let method, let message): "DevTools \(method) failed: \(message)"
    case .scriptFailed(let message): "the page's script threw: \(message)"
    case .timedOut(let what): "timed out waiting for \(what)"
    }
  }
}
