import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole input — a batch, a feed file, standard input — with plain `read(2)`, refusing
/// what cannot be read in one clear line instead of trapping.
///
/// Foundation's readers trap or return nothing on a closed standard input or a directory, and
/// read a 2 GB file into memory before anyone can say it is too large. Here a regular file is
/// judged by its size (`fstat`) before a byte is read, and anything else (a pipe, `/dev/stdin`,
/// a device) is read until it ends or passes `byteLimit`. A missing file is `notFound`;
/// everything else that cannot be read is `invalidInput`.
public enum BoundedInput {
  /// 64 MiB: far beyond any real batch or feed document, far below what would hurt to hold.
  public static let byteLimit = 64 << 20

  /// The file at `path`; `name` says what it is in messages (`batch file 'changes.json'`).
  public static func contents(ofFile path: String, named name: String) throws(FeedServiceError)
    -> Data
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw failure(errno, reading: name) }
    defer { close(descriptor) }
    return try readAll(descriptor, named: name)
  }

  /// Everything on standard input.
  ///
  /// A standard input closed at start (`<&-`) leaves descriptor 0 free for the next file the
  /// process opens, so descriptor 0 may be open and still not be standard input. A descriptor
  /// inherited across `exec` cannot carry close-on-exec, so when 0 carries it, this process
  /// opened it and standard input was closed.
  public static func standardInput() throws(FeedServiceError) -> Data {
    let flags = fcntl(STDIN_FILENO, F_GETFD)
    guard flags >= 0, flags & FD_CLOEXEC == 0 else {
      throw failure(EBADF, reading: "standard input")
    }
    return try readAll(STDIN_FILENO, named: "standard input")
  }

  private static func readAll(_ descriptor: Int32, named name: String) throws(FeedServiceError)
    -> Data
  {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(errno, reading: name) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      throw failure(EISDIR, reading: name)
    case S_IFREG where status.st_size > byteLimit:
      throw tooLarge(name, size: Int64(status.st_size))
    default:
      break
    }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK {
          var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          _ = poll(&wait, 1, -1)
          continue
        }
        throw failure(code, reading: name)
      }
      guard data.count + count <= byteLimit else { throw tooLarge(name, size: nil) }
      data.append(contentsOf: chunk[..<count])
    }
  }

  private static func tooLarge(_ name: String, size: Int64?) -> FeedServiceError {
    let limit = "the limit of \(byteLimit >> 20) MiB"
    guard let size else { return .invalidInput("cannot read \(name): it goes on past \(limit)") }
    return .invalidInput("cannot read \(name): it is \(size) bytes, more than \(limit)")
  }

  private static func failure(_ code: Int32, reading name: String) -> FeedServiceError {
    switch code {
    case ENOENT, ENOTDIR:
      .notFound("cannot read \(name): no such file")
    case EBADF:
      .invalidInput("cannot read \(name): it is closed")
    case EACCES, EPERM:
      .invalidInput("cannot read \(name): permission denied")
    case EISDIR:
      .invalidInput("cannot read \(name): it is a directory")
    default:
      .invalidInput("cannot read \(name): \(String(cString: strerror(code)))")
    }
  }
}
