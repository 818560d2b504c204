import ArgumentKit
import FeedService
import HTTPServer
import PhoneAPI

/// Serves the phone API over HTTP in the foreground until SIGINT or SIGTERM.
struct ServeCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve feeds to phones over HTTP, in the foreground.",
    discussion: """
      Listens on 127.0.0.1:8080 unless --listen names another address. Only the address given \
      is bound, so serving other machines (--listen 0.0.0.0:8080) must be asked for. Standard \
      output gets one line per request; standard error says where it listens and when it stops. \
      SIGINT (Ctrl-C) or SIGTERM stops it cleanly: no new connections, event streams ended, \
      requests in progress finished. Every /v1/ request needs 'Authorization: Bearer TOKEN' \
      (from 'feedctl token create') and acts for the token's owner only (--owner is not used); \
      /healthz, /readyz and /metrics need none. The API is in docs/http.md. With \
      --read-database-url, feed reads go to that streaming replica whenever it has every commit \
      the server knows of, else to the primary (docs/scaling.md). The embedded database is \
      started once: after 'feedctl db stop' the server answers 503 until 'feedctl db start'.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(
    help: "Address to listen on: HOST:PORT or [IPv6]:PORT (port 0 takes any free port).",
    valueName: "address")
  var listen = ListenAddress.loopback.description
  @Option(
    help:
      "PostgreSQL URL of a streaming replica for feed reads; writes and LISTEN stay on --database-url.",
    valueName: "url", environment: "FEEDCTL_READ_DATABASE_URL")
  var readDatabaseURL: String?
  @Option(help: "Request log format: text, or one JSON object per line.")
  var logFormat: OutputFormat = .text

  func validate() throws {
    _ = try ForegroundServer.address(listen)
  }

  func execute(_ context: CommandContext) throws {
    ShutdownSignals.block()
    // One connection per request thread: no thread waits for a connection, none sits unused.
    let limits = HTTPLimits()
    let service = try Workspace(global, context).servingService(
      pool: ConnectionPoolOptions(connections: limits.threads), readDatabase: readDatabaseURL)
    let events = try FeedEvents(service: service)
    defer { events.stop() }
    let metrics = ServerMetrics()
    let output = context.output
    let server = HTTPServer(
      router: PhoneAPI(service: service, events: events).router(metrics: metrics),
      limits: limits, metrics: metrics,
      log: RequestLog(format: logFormat == .json ? .json : .text) { output.line($0) })
    try ForegroundServer.run(
      server, on: try ForegroundServer.address(listen), command: "serve", context: context
    ) { "listening on http://\($0)" }
  }
}
