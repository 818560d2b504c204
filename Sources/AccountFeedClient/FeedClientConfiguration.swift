import Foundation

/// Where a client connects and how it behaves; one value per screen an app follows.
public struct FeedClientConfiguration: Sendable {
  /// The server's base URL, such as `http://127.0.0.1:8080`; `/v1/…` is appended to it.
  public var baseURL: URL
  /// The bearer token from `feedctl token create`.
  public var token: String
  /// A screen other than the home feed (`accounts`, `settings`), served by `/v1/screens/<name>`.
  /// Such a screen is refetched (with `If-None-Match`) on each change event rather than patched,
  /// because the server records and diffs only the home feed for clients that draw every type.
  public var screen: String?
  /// What the app draws, sent as `Client-Capabilities` (`app-1.4`, `1:title,account_row`).
  /// A narrowed document is refetched on each change event, like a screen.
  public var capabilities: String?
  /// Where the last document is kept, so the app starts from it and only catches up.
  public var cache: FeedCache?
  /// How long to wait before reconnecting a stream that ended or failed.
  public var reconnect: ReconnectPolicy
  /// How long a plain request may take.
  public var requestTimeout: TimeInterval
  /// How long an event stream may stay silent before it is taken as dead. The server sends a
  /// heartbeat every 15 seconds, so three missed heartbeats mean the connection is gone.
  public var streamIdleTimeout: TimeInterval
  /// How many times an action is sent before its transport failure is reported.
  public var actionAttempts: Int

  public init(
    baseURL: URL, token: String, screen: String? = nil, capabilities: String? = nil,
    cache: FeedCache? = nil, reconnect: ReconnectPolicy = ReconnectPolicy(),
    requestTimeout: TimeInterval = 30, streamIdleTimeout: TimeInterval = 45,
    actionAttempts: Int = 3
  ) {
    self.baseURL = baseURL
    self.token = token
    self.screen = screen
    self.capabilities = capabilities
    self.cache = cache
    self.reconnect = reconnect
    self.requestTimeout = requestTimeout
    self.streamIdleTimeout = streamIdleTimeout
    self.actionAttempts = actionAttempts
  }

  /// Whether the followed document is one the event stream patches: the home feed drawn with
  /// every type. Any other is refetched on each event.
  var followsByChangesets: Bool { screen == nil && capabilities == nil }

  /// `baseURL` with `path` (no leading slash) appended.
  func url(_ path: String) -> URL {
    baseURL.appendingPathComponent(path)
  }
}
