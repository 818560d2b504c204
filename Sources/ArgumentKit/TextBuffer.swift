import Synchronization

/// Collects what is written to its sink, for tests of commands and of the entry point.
public final class TextBuffer: Sendable {
  private let storage = Mutex("")

  public init() {}

  /// Everything written so far.
  public var text: String { storage.withLock { $0 } }

  public var sink: TextSink {
    TextSink { [self] text in self.storage.withLock { $0 += text } }
  }
}
