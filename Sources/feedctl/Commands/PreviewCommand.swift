import ArgumentKit
import FeedPreview
import FeedService
import HTTPServer

/// Serves the operator's preview page in the foreground until SIGINT or SIGTERM.
struct PreviewCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Serve a web page that shows any owner's live feed as a phone draws it.",
    discussion: """
      Listens on 127.0.0.1:8090 unless --listen names another address; open the address it \
      prints in a browser. The page lists the owners; an owner's page draws the live feed in a \
      phone-width frame, applies each change as the server streams it, and compares any two \
      snapshots of the history. It shows every owner without a token, so it is for operators: \
      keep it on loopback (another address needs --allow-remote). SIGINT (Ctrl-C) or SIGTERM stops it.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(
    help: "Address to listen on: HOST:PORT or [IPv6]:PORT (port 0 takes any free port).",
    valueName: "address")
  var listen = "127.0.0.1:8090"

  @Flag(help: "Allow --listen to name an address other machines can reach (the page has no login).")
  var allowRemote = false

  func validate() throws {
    let address = try ForegroundServer.address(listen)
    if !address.isLoopback, !allowRemote {
      throw ValidationError(
        "--listen \(listen) is reachable from other machines and the page shows every owner without a token; add --allow-remote to mean it"
      )
    }
  }

  func execute(_ context: CommandContext) throws {
    ShutdownSignals.block()
    let service = try Workspace(global, context).service()
    _ = try service.store()
    let metrics = ServerMetrics()
    var router = Router()
    router.addOperations(metrics: metrics) {}
    let events = try FeedEvents(service: service)
    defer { events.stop() }
    PreviewSite(service: service, events: events).addRoutes(to: &router)
    let server = HTTPServer(router: router, metrics: metrics)
    try ForegroundServer.run(
      server, on: try ForegroundServer.address(listen), command: "preview", context: context
    ) { "open http://\($0)/" }
  }
}
