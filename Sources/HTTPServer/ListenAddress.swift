import Foundation

/// Where the server listens: an IP literal (or `localhost`) and a port, as `HOST:PORT` or
/// `[IPv6]:PORT`. Only what is written is bound — the default is loopback, and a wider bind
/// (`0.0.0.0`, `::`) happens only when someone asks for it.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
  public let host: String
  public let port: Int
  public let isIPv6: Bool

  /// `127.0.0.1:8080`, where `feedctl serve` listens unless told otherwise.
  public static let loopback = ListenAddress(host: "127.0.0.1", port: 8080, isIPv6: false)

  private init(host: String, port: Int, isIPv6: Bool) {
    self.host = host
    self.port = port
    self.isIPv6 = isIPv6
  }

  /// Parses `HOST:PORT`; port 0 asks the system for a free port.
  public init(_ text: String) throws(HTTPError) {
    let refuse = HTTPError.badRequest(
      "'\(text)' is not a listen address; write HOST:PORT, e.g. 127.0.0.1:8080 or [::1]:8080")
    let host: Substring
    let portText: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":")
      else { throw refuse }
      host = text[text.index(after: text.startIndex)..<close]
      portText = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.firstIndex(of: ":"),
        text[text.index(after: colon)...].allSatisfy({ $0 != ":" })
      else { throw refuse }
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
    }
    guard let port = Int(portText), (0...65535).contains(port), portText.allSatisfy(\.isASCII)
    else {
      throw HTTPError.badRequest("the port in '\(text)' must be a number from 0 to 65535")
    }
    let name = host == "localhost" ? "127.0.0.1" : String(host)
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    if inet_pton(AF_INET, name, &ipv4) == 1 {
      self.init(host: name, port: port, isIPv6: false)
    } else if inet_pton(AF_INET6, name, &ipv6) == 1 {
      self.init(host: name, port: port, isIPv6: true)
    } else {
      throw HTTPError.badRequest(
        "the host in '\(text)' must be an IP address or localhost, not '\(host)'")
    }
  }

  /// Whether only this machine can connect.
  public var isLoopback: Bool {
    isIPv6 ? host == "::1" : host.hasPrefix("127.")
  }

  public var description: String {
    isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// The same address on another port (the one the system picked for port 0).
  func withPort(_ port: Int) -> ListenAddress {
    ListenAddress(host: host, port: port, isIPv6: isIPv6)
  }

  /// Calls `body` with the address as a `sockaddr`.
  func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = in_port_t(UInt16(port).bigEndian)
      inet_pton(AF_INET6, host, &address.sin6_addr)
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, host, &address.sin_addr)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
    }
  }
}
