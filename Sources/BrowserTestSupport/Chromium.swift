import Foundation

/// A headless Chromium started for one test and always stopped after it.
///
/// `Chromium.withPage { page in … }` launches the browser with a throwaway profile and
/// `--remote-debugging-port=0`, reads the DevTools URL it prints on stderr, opens one page, runs
/// the body, then stops the browser and removes the profile — when the body throws too.
public final class Chromium {
  private let process: Process
  private let profile: URL
  private let log: URL
  private let socket: WebSocket

  /// Runs `body` with a fresh page of a fresh headless browser.
  public static func withPage<T>(
    width: Int = 1280, height: Int = 900, _ body: (BrowserPage) throws -> T
  ) throws -> T {
    let browser = try Chromium(width: width, height: height)
    defer { browser.stop() }
    return try body(try BrowserPage(connection: DevToolsConnection(socket: browser.socket)))
  }

  /// The browser to run: `CHROMIUM`, else the first of the usual names on `PATH`.
  public static func executable() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["CHROMIUM"], !path.isEmpty { return URL(fileURLWithPath: path) }
    let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser", "google-chrome", "headless_shell"] {
      for directory in directories {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
      }
    }
    throw BrowserError.notInstalled
  }

  private init(width: Int, height: Int) throws {
    let base = FileManager.default.temporaryDirectory
      .appending(path: "accountfeed-chromium-\(UUID().uuidString)")
    profile = base.appending(path: "profile")
    log = base.appending(path: "stderr.log")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
      throw BrowserError.launchFailed("cannot create \(log.path)")
    }
    process = Process()
    process.executableURL = try Self.executable()
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-first-run", "--no-default-browser-check", "--disable-extensions",
      "--disable-crash-reporter",
      "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
      "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
      "--hide-scrollbars", "about:blank",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      Self.remove(base)
      throw BrowserError.launchFailed("\(error)")
    }
    do {
      socket = try WebSocket(url: try Self.devToolsURL(log: log, process: process))
    } catch {
      Self.stop(process)
      Self.remove(base)
      throw error
    }
  }

  /// The `ws://` URL from the "DevTools listening on …" line of the browser's stderr.
  private static func devToolsURL(log: URL, process: Process) throws -> String {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "DevTools listening on ") {
        let line = text[range.upperBound...].prefix { !$0.isNewline }
        if line.hasPrefix("ws://") { return String(line) }
      }
      guard process.isRunning else {
        throw BrowserError.launchFailed(
          "it exited with status \(process.terminationStatus): \(text.suffix(400))")
      }
      usleep(50_000)
    }
    throw BrowserError.timedOut("Chromium to print its DevTools URL")
  }

  private func stop() {
    Self.stop(process)
    Self.remove(profile.deletingLastPathComponent())
  }

  /// Removes the profile, retrying while the browser's helper processes finish writing to it.
  private static func remove(_ directory: URL) {
    for _ in 0..<20 {
      if (try? FileManager.default.removeItem(at: directory)) != nil
        || !FileManager.default.fileExists(atPath: directory.path)
      {
        return
      }
      usleep(100_000)
    }
  }

  /// SIGTERM, then SIGKILL if the browser has not exited within five seconds.
  private static func stop(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
