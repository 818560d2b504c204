import HTTPServer
import Testing

/// `--listen`: what is written is what is bound; loopback unless a wider address is asked for.
@Suite("Listen addresses")
struct ListenAddressTests {
  @Test func theDefaultIsLoopback() {
    #expect(ListenAddress.loopback.description == "127.0.0.1:8080")
    #expect(ListenAddress.loopback.isLoopback)
  }

  @Test(arguments: [
    ("127.0.0.1:9000", "127.0.0.1:9000", true), ("localhost:80", "127.0.0.1:80", true),
    ("[::1]:8080", "[::1]:8080", true), ("0.0.0.0:8080", "0.0.0.0:8080", false),
    ("[::]:8080", "[::]:8080", false), ("10.1.2.3:0", "10.1.2.3:0", false),
  ])
  func anAddressParses(_ text: String, _ printed: String, _ loopback: Bool) throws {
    let address = try ListenAddress(text)
    #expect(address.description == printed)
    #expect(address.isLoopback == loopback)
  }

  @Test(arguments: [
    "8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
    "example.com:80", "[::1]8080", "::1:8080", "127.0.0.1:８０",
  ])
  func aMalformedAddressIsRefused(_ text: String) {
    #expect(throws: HTTPError.self) { try ListenAddress(text) }
  }

  @Test func aPortInUseIsRefusedByName() throws {
    let first = HTTPServer(router: Router())
    let bound = try first.start(try ListenAddress("127.0.0.1:0"))
    defer { first.stop() }
    let second = HTTPServer(router: Router())
    #expect(throws: HTTPServerError.cannotListen(bound, reason: "Address already in use")) {
      try second.start(bound)
    }
  }
}
