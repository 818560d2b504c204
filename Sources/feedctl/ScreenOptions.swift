import ArgumentKit
import FeedAssembler
import FeedComponents

/// `--screen` and `--client-caps`: which screen, built for which client. Without either, a
/// command works on the home feed as it always has.
struct ScreenOptions: ParsableArguments {
  @Option(help: "Which screen: home (default), accounts, settings.", valueName: "name")
  var screen: String?

  @Option(
    name: .customLong("client-caps"),
    help:
      "What the client draws: VERSION:TYPE,… (e.g. 2.0:title,account_row,notice) or a supported client (app-1.0, app-1.4, app-2.0).",
    valueName: "caps")
  var clientCaps: String?

  /// Whether the command was asked for a screen rather than the plain home feed.
  var isRequested: Bool {
    screen != nil || clientCaps != nil
  }

  /// The screen's name; `home` when only capabilities are given.
  var screenName: String {
    screen ?? ScreenCatalog.home
  }

  /// The client's capability set, nil for every type; a malformed one is a usage error.
  func capabilities() throws -> ClientCapabilities? {
    guard let clientCaps else { return nil }
    do {
      return try ClientCapabilities(parsing: clientCaps)
    } catch {
      throw ValidationError(error.description)
    }
  }

  func validate() throws {
    if let screen, !ScreenCatalog.isValidName(screen) {
      throw ValidationError(ScreenError.invalidName(screen).description)
    }
    _ = try capabilities()
  }
}
