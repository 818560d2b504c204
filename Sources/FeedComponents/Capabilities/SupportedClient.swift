/// A released app version still in the field, and what it draws.
///
/// The list is the promise the server keeps: the golden corpus (`Tests/FeedAssemblerTests/Golden`)
/// holds every screen as each of these receives it, and a test fails when any of them would be
/// sent a type outside its set. Dropping the oldest version is a deliberate change: remove it
/// here and its golden directory together.
public struct SupportedClient: Hashable, Sendable {
  /// The name a client version goes by, such as `app-1.4`; also accepted by `--client-caps`.
  public let name: String
  public let capabilities: ClientCapabilities

  init(name: String, capabilities text: String) {
    self.name = name
    do {
      self.capabilities = try ClientCapabilities(parsing: text)
    } catch {
      preconditionFailure("the capabilities of \(name) are valid: \(error)")
    }
  }

  /// Every supported version, oldest first.
  public static let all: [SupportedClient] = [
    // The first release: titles, notices and account rows.
    SupportedClient(name: "app-1.0", capabilities: "2.0:account_row,notice,title"),
    // Totals, empty states and the plain text row every fallback ends in.
    SupportedClient(
      name: "app-1.4", capabilities: "2.0:account_row,empty_state,notice,summary_row,text_row,title"
    ),
    // Settings switches.
    SupportedClient(
      name: "app-2.0",
      capabilities: "2.0:account_row,empty_state,notice,summary_row,text_row,title,toggle_row"),
  ]

  /// The supported version called `name`.
  public static func named(_ name: String) -> SupportedClient? {
    all.first { $0.name == name }
  }
}
