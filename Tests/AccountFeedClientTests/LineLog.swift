import Foundation

/// Text a child process writes, collected by a thread as it arrives.
final class LineLog: @unchecked Sendable {
  private let lock = NSLock()
  private var collected = ""

  var text: String { lock.withLock { collected } }

  /// Reads `handle` on a thread of its own until its end.
  func drain(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        lock.withLock { collected += String(decoding: data, as: UTF8.self) }
      }
    }
  }
}
