import HTTPServer
import Testing

/// `Accept-Encoding` read with its q-values (RFC 9110 §12.5.3).
@Suite("Content coding choice")
struct ContentCodingTests {
  @Test(
    arguments: [
      (nil, ContentCoding.identity), ("gzip", .gzip), ("GZIP;q=0.8", .gzip),
      ("gzip;q=0", .identity),
      ("br, deflate", .identity), ("*", .gzip), ("*;q=0", .identity), ("gzip;q=0, *", .identity),
      ("identity;q=1, gzip;q=0.5", .identity), ("gzip, identity;q=0.5", .gzip), ("x-gzip", .gzip),
    ] as [(String?, ContentCoding)])
  func theChoice(_ accept: String?, _ expected: ContentCoding) {
    #expect(ContentCoding.preferred(acceptEncoding: accept) == expected)
  }
}
