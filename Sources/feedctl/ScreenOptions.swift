import ArgumentKit
import FeedAssembler
import FeedComponents

/// `--screen` and `--client-caps`: which screen, built for which client. Without either, a
/// command works on the home feed as it always has.
struct ScreenOptions: ParsableArguments {
  @Option(help: Self.screenHelp, valueName: "name")
  var screen: String?

  @Option(
    name: .customLong("client-caps"),
    help:
      "What the client draws: VERSION:TYPE,… (e.g. 2.0:title,account_row,notice) or a supported client ("
      + SupportedClient.all.map(\.name).joined(separator: ", ") + ").",
    valueName: "caps")
  var clientCaps: String?

  /// The help of every `--screen`: the built-in screens, home first.
  static let screenHelp =
    "Which screen: home (default), "
    + ScreenCatalog.builtIn.names.filter { $0 != ScreenCatalog.home }.joined(separator: ", ") + "."

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
