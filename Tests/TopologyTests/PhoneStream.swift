import Foundation
import Synchronization

/// A phone's event stream (`/v1/feed/events`) read with `curl -N`: the events in the order they
/// came, and whether the stream has ended.
final class PhoneStream: Sendable {
  struct Event: Equatable, Sendable {
    var name: String
    var id: String
  }

  private let process: Process
  private let received = Mutex<(events: [Event], pending: String, ended: Bool)>(([], "", false))

  /// Opens the stream, naming the document held with `Last-Event-ID` when there is one.
  init(url: String, token: String, lastEventID: String?) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    var arguments = ["-sS", "-N", "--max-time", "120", "-H", "Authorization: Bearer \(token)"]
    if let lastEventID { arguments += ["-H", "Last-Event-ID: \(lastEventID)"] }
    process.arguments = arguments + [url + "/v1/feed/events"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let handle = pipe.fileHandleForReading
    // The reader holds the stream until curl ends, which `close()` makes happen.
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        guard !data.isEmpty else {
          self.received.withLock { $0.ended = true }
          return
        }
        self.received.withLock { state in
          state.pending += String(decoding: data, as: UTF8.self)
          while let end = state.pending.range(of: "\n\n") {
            let block = state.pending[..<end.lowerBound]
            state.pending = String(state.pending[end.upperBound...])
            var event = Event(name: "message", id: "")
            var hasData = false
            for line in block.split(separator: "\n") {
              if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
              if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
              if line.hasPrefix("data:") { hasData = true }
            }
            // As an EventSource: a block without data (a comment, `retry:`) is no event.
            if hasData { state.events.append(event) }
          }
        }
      }
    }
  }

  var events: [Event] { received.withLock { $0.events } }
  var ended: Bool { received.withLock { $0.ended } }

  /// Waits up to `seconds` for `condition` on the events so far.
  func wait(_ seconds: Double, until condition: ([Event]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(events) { return true }
      usleep(20_000)
    }
    return condition(events)
  }

  /// Ends curl with SIGKILL: it inherits the test runner's blocked signals, SIGTERM among them.
  func close() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  deinit { close() }
}
