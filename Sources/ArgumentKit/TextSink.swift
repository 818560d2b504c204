import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where text goes: standard output, standard error, or a buffer in a test.
///
/// A closure rather than a file handle so the entry point and every command can be exercised in
/// process, with their output captured and compared.
public struct TextSink: TextOutputStream, Sendable {
  private let sink: @Sendable (String) -> Void
  private let byteSink: @Sendable ([UInt8]) -> Void
  private let failure: @Sendable () -> WriteError?

  public init(_ sink: @escaping @Sendable (String) -> Void) {
    self.sink = sink
    self.byteSink = { sink(String(decoding: $0, as: UTF8.self)) }
    self.failure = { nil }
  }

  /// A sink onto a file descriptor that remembers its first failed write and then drops the
  /// rest, because `TextOutputStream.write` cannot throw: the entry point asks `writeError` when
  /// the command is done.
  public init(fileDescriptor: Int32, name: String) {
    let writer = DescriptorWriter(fileDescriptor: fileDescriptor, name: name)
    self.sink = { text in
      var text = text
      text.withUTF8 { writer.send(UnsafeRawBufferPointer($0)) }
    }
    self.byteSink = { bytes in bytes.withUnsafeBytes { writer.send($0) } }
    self.failure = { writer.failure }
  }

  public func write(_ string: String) {
    sink(string)
  }

  /// Writes text that is UTF-8 bytes already, as the feed's JSON writer makes it: onto a file
  /// descriptor they go as they are, with no `String` made and checked on the way (a 100,000-
  /// account feed is 28 MB of it).
  public func write(utf8 bytes: [UInt8]) {
    byteSink(bytes)
  }

  /// Writes `text` followed by a newline.
  public func line(_ text: String) {
    sink(text + "\n")
  }

  /// The first write that failed, if any; later text was not written.
  public var writeError: WriteError? { failure() }

  /// File descriptor 1. A reader that went away (`feedctl log | head -1`) ends the output
  /// quietly; any other failure, such as a full disk, is the command's error.
  public static let standardOutput = TextSink(
    fileDescriptor: STDOUT_FILENO, name: "standard output")

  /// File descriptor 2. Its failures are not reported: there is nowhere left to report them.
  public static let standardError = TextSink(
    fileDescriptor: STDERR_FILENO, name: "standard error")

  /// A write to a file descriptor that failed, with the system's reason.
  public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible,
    ExitCodeProviding
  {
    /// What was written to, e.g. "standard output".
    public let name: String
    /// The `errno` of the failed `write(2)`.
    public let code: Int32

    /// The reader closed its end of the pipe: not a failure of the command, just no one left
    /// to read, as when `git log | head` stops early.
    public var isBrokenPipe: Bool { code == EPIPE }

    public var description: String {
      "cannot write to \(name): \(String(cString: strerror(code)))"
    }

    /// 74, `EX_IOERR` of sysexits(3): the output is incomplete, so no application's own
    /// result code may stand for it.
    public var exitCode: Int32 { 74 }
  }
}

/// Writes whole buffers with `write(2)`, retrying short, interrupted and would-block writes, and
/// keeps the first failure.
private final class DescriptorWriter: Sendable {
  private let fileDescriptor: Int32
  private let name: String
  private let firstFailure = Mutex<TextSink.WriteError?>(nil)

  init(fileDescriptor: Int32, name: String) {
    self.fileDescriptor = fileDescriptor
    self.name = name
  }

  var failure: TextSink.WriteError? { firstFailure.withLock { $0 } }

  func send(_ bytes: UnsafeRawBufferPointer) {
    firstFailure.withLock { failure in
      guard failure == nil else { return }
      var bytes = bytes
      while !bytes.isEmpty {
        let written = write(fileDescriptor, bytes.baseAddress, bytes.count)
        if written >= 0 {
          bytes = UnsafeRawBufferPointer(rebasing: bytes[written...])
        } else if errno == EAGAIN {
          // A descriptor some other program made non-blocking: wait until it takes more.
          var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&descriptor, 1, -1)
        } else if errno != EINTR {
          failure = TextSink.WriteError(name: name, code: errno)
          return
        }
      }
    }
  }
}
