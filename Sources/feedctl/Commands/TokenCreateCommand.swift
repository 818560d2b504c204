import ArgumentKit
import FeedComponents

/// Makes a bearer token for one owner and prints its secret, the only time it is ever shown.
struct TokenCreateCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "create", abstract: "Create a bearer token for the owner (prints it once).",
    discussion: """
      The token acts for the owner given with --owner, and only for them. Its secret is printed \
      once, on the last line (or as "secret" with --format json): only its SHA-256 is stored, so \
      it cannot be shown again. Revoke a lost token and create another.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(help: "A name for the token, e.g. the phone it is for.", valueName: "text")
  var label: String?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let issued = try workspace.service().createToken(
      owner: try workspace.owner(), label: label, in: workspace.scope)
    switch format {
    case .json:
      workspace.printJSON(
        .object(
          (issued.info.json.objectValue ?? [:]).merging(["secret": .string(issued.secret)]) {
            $1
          }))
    case .text:
      context.output.line(
        "created token \(issued.info.id) for owner '\(issued.info.ownerID)'; keep this secret, it is shown only once:"
      )
      context.output.line(issued.secret)
    }
  }
}
