import FeedService
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `BoundedInput`, the one reader of batches and feed files: whole small inputs, one clear
/// refusal for everything else.
@Suite("Bounded input")
struct BoundedInputTests {
  private func temporaryFile(_ contents: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bounded-input-\(UUID().uuidString)")
    try contents.write(to: url)
    return url
  }

  @Test func aSmallFileIsReadWhole() throws {
    let url = try temporaryFile(Data("[1, 2, 3]".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try BoundedInput.contents(ofFile: url.path, named: "batch") == Data("[1, 2, 3]".utf8))
  }

  @Test func aFileOfExactlyTheLimitIsRead() throws {
    let url = try temporaryFile(Data())
    defer { try? FileManager.default.removeItem(at: url) }
    try FileHandle(forWritingTo: url).truncate(atOffset: UInt64(BoundedInput.byteLimit))
    #expect(try BoundedInput.contents(ofFile: url.path, named: "batch").count == 64 << 20)
  }

  @Test func aFileOneByteOverTheLimitIsRefusedByItsSize() throws {
    let url = try temporaryFile(Data())
    defer { try? FileManager.default.removeItem(at: url) }
    try FileHandle(forWritingTo: url).truncate(atOffset: UInt64(BoundedInput.byteLimit + 1))
    #expect(
      throws: FeedServiceError.invalidInput(
        "cannot read batch: it is 67108865 bytes, more than the limit of 64 MiB")
    ) {
      try BoundedInput.contents(ofFile: url.path, named: "batch")
    }
  }

  @Test func aMissingFileIsNotFound() {
    #expect(throws: FeedServiceError.notFound("cannot read batch: no such file")) {
      try BoundedInput.contents(ofFile: "/nonexistent/batch.json", named: "batch")
    }
  }

  @Test func aDirectoryIsRefused() {
    #expect(throws: FeedServiceError.invalidInput("cannot read batch: it is a directory")) {
      try BoundedInput.contents(ofFile: "/", named: "batch")
    }
  }

  /// Descriptor 0 is swapped in place (`dup2`), never closed, so no other test's file can take
  /// it meanwhile.
  @Test func aDescriptorZeroThisProcessOpenedIsNotTakenForStandardInput() throws {
    let url = try temporaryFile(Data("[]".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let saved = dup(STDIN_FILENO)
    let opened = open(url.path, O_RDONLY | O_CLOEXEC)
    try #require(saved >= 0 && opened >= 0)
    dup2(opened, STDIN_FILENO)
    _ = fcntl(STDIN_FILENO, F_SETFD, FD_CLOEXEC)
    defer {
      dup2(saved, STDIN_FILENO)
      close(saved)
      close(opened)
    }
    #expect(throws: FeedServiceError.invalidInput("cannot read standard input: it is closed")) {
      try BoundedInput.standardInput()
    }
  }
}
