/// The static description of a command: what it is called, what it is for and what it contains.
///
/// Kept separate from the declared arguments because it describes the type, not any one
/// invocation; help is generated from the two together.
public struct CommandConfiguration: Sendable {
  /// The word that selects the command; the root's is the tool name used in messages.
  public var commandName: String
  /// One line, shown in the parent's list of subcommands and at the top of help.
  public var abstract: String
  /// Usage lines without the command path (`"[A [B]] [--exit-code]"`); empty means generated.
  public var usage: [String]
  /// Longer explanation shown after the usage lines.
  public var discussion: String
  /// Shown by `--version`; only meaningful on the root.
  public var version: String?
  public var subcommands: [any ParsableCommand.Type]
  /// Runs when the command is invoked without a subcommand; without one, a subcommand is required.
  public var defaultSubcommand: (any ParsableCommand.Type)?
  /// Extra blocks for the end of help, such as `EXIT CODES`.
  public var helpSections: [HelpSection]

  public init(
    commandName: String, abstract: String = "", usage: [String] = [], discussion: String = "",
    version: String? = nil, subcommands: [any ParsableCommand.Type] = [],
    defaultSubcommand: (any ParsableCommand.Type)? = nil, helpSections: [HelpSection] = []
  ) {
    self.commandName = commandName
    self.abstract = abstract
    self.usage = usage
    self.discussion = discussion
    self.version = version
    self.subcommands = subcommands
    self.defaultSubcommand = defaultSubcommand
    self.helpSections = helpSections
  }
}
