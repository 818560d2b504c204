import FeedComponents
import Foundation
import Testing

/// `Accept-Encoding: gzip` on the document routes: a gzipped body with its own entity tag, the
/// same bytes for the same document, and identity whenever gzip is not acceptable.
@Suite("Phone API: compression")
struct CompressionTests {
  private static let gzip = ["Accept-Encoding": "gzip"]

  /// The body `gzip -dc` reads out of `data` (the system's gzip, not the server's zlib code).
  private static func gunzip(_ data: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return result
  }

  @Test(arguments: ["/v1/feed", "/v1/screens/accounts"])
  func aDocumentIsGzippedWhenThePhoneAcceptsGzip(_ path: String) throws {
    try PhoneFixture.with { fixture in
      let plain = try fixture.get(path)
      let zipped = try fixture.get(path, headers: Self.gzip)
      #expect(zipped.headers["content-encoding"] == "gzip")
      #expect(zipped.body.count < plain.body.count)
      #expect(try Self.gunzip(zipped.body) == plain.body)
    }
  }

  @Test func theChangesAreGzippedToo() throws {
    try PhoneFixture.with { fixture in
      let digest = try FeedDocument(data: fixture.get("/v1/feed").body).digest
      let zipped = try fixture.get("/v1/feed/changes?since=\(digest)", headers: Self.gzip)
      #expect(zipped.headers["content-encoding"] == "gzip")
      #expect(try Self.gunzip(zipped.body) == fixture.get("/v1/feed/changes?since=\(digest)").body)
    }
  }

  @Test func theGzippedFeedHasItsOwnETagAndIsNotModifiedUnderIt() throws {
    try PhoneFixture.with { fixture in
      let plain = try #require(try fixture.get("/v1/feed").headers["etag"])
      let zipped = try #require(try fixture.get("/v1/feed", headers: Self.gzip).headers["etag"])
      #expect(zipped == "\(plain.dropLast())-gzip\"")
      let again = try fixture.get(
        "/v1/feed", headers: Self.gzip.merging(["If-None-Match": zipped]) { $1 })
      #expect(again.status == 304)
    }
  }

  @Test func theSameDocumentIsTheSameGzippedBytes() throws {
    try PhoneFixture.with { fixture in
      let first = try fixture.get("/v1/screens/home", headers: Self.gzip).body
      let second = try fixture.get("/v1/screens/home", headers: Self.gzip).body
      #expect(first == second)
      // gzip's header: no modification time (bytes 4–7 zero), operating system Unix (byte 9).
      #expect(Array(first.prefix(10)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3])
    }
  }

  @Test(arguments: ["gzip;q=0", "identity", "br", "gzip;q=0.5, identity;q=1"])
  func gzipNotPreferredIsIdentity(_ accept: String) throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed", headers: ["Accept-Encoding": accept])
      #expect(response.headers["content-encoding"] == nil)
      #expect(try FeedDocument(data: response.body).owner == "demo")
    }
  }
}
