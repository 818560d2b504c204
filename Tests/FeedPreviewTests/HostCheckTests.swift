import AccountFeedTestSupport
import Foundation
import HTTPServer
import Testing

@testable import FeedPreview

/// The preview shows every owner without a token, so it answers only requests addressed to the
/// machine itself: a page on another domain re-pointed at 127.0.0.1 (DNS rebinding) gets 403.
@Suite("Preview: Host check")
struct HostCheckTests {
  static func request(host: String?) -> HTTPRequest {
    HTTPRequest(method: "GET", path: "/api/owners", headers: host.map { ["Host": $0] } ?? [:])
  }

  @Test(arguments: ["127.0.0.1:8090", "localhost:8090", "localhost", "[::1]:8090", "10.0.0.5:80"])
  func anAddressOrLocalhostIsAnswered(_ host: String) throws {
    try PreviewSite.checkHost(Self.request(host: host))
  }

  @Test(arguments: ["evil.example:8090", "evil.example", "127.0.0.1.evil.example", "", "[x]:1"])
  func anyOtherNameIsForbidden(_ host: String) {
    #expect(throws: HTTPError.self) { try PreviewSite.checkHost(Self.request(host: host)) }
  }

  @Test func aRequestWithoutHostIsForbidden() {
    #expect(throws: HTTPError.self) { try PreviewSite.checkHost(Self.request(host: nil)) }
  }

  @Test func aBindOtherMachinesReachNeedsAllowRemote() throws {
    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["preview", "--listen", "0.0.0.0:0"]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(message.contains("--allow-remote"))
  }
}
