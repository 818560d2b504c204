/// Renders the help of one command from its configuration and its declarations.
///
/// Layout follows swift-argument-parser: OVERVIEW, USAGE, discussion, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, then the application's own sections. Each argument shows its value name and, in
/// parentheses, its allowed values, default and environment variable, so the help answers "what
/// may I write here" without reading the source.
struct HelpFormatter {
  /// The commands from the root to the one described.
  let path: [any ParsableCommand.Type]

  private static let labelWidth = 24

  private var command: any ParsableCommand.Type { path[path.count - 1] }
  private var configuration: CommandConfiguration { command.configuration }
  private var commandLine: String {
    path.map { $0.configuration.commandName }.joined(separator: " ")
  }

  var text: String {
    let declarations = ArgumentDeclaration.all(in: command)
    var blocks: [String] = []
    if !configuration.abstract.isEmpty { blocks.append("OVERVIEW: \(configuration.abstract)") }
    blocks.append(usage(declarations))
    if !configuration.discussion.isEmpty { blocks.append(configuration.discussion) }
    let arguments = declarations.filter { $0.kind == .positional }
    if !arguments.isEmpty {
      blocks.append(section("ARGUMENTS", arguments.map { row($0.synopsis, describing: $0) }))
    }
    blocks.append(section("OPTIONS", options(declarations)))
    if !configuration.subcommands.isEmpty {
      blocks.append(section("SUBCOMMANDS", subcommands))
    }
    for extra in configuration.helpSections {
      let lines = extra.body.split(separator: "\n", omittingEmptySubsequences: false)
      blocks.append(section(extra.title, lines.map { $0.isEmpty ? "" : "  " + $0 }))
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  private func usage(_ declarations: [ArgumentDeclaration]) -> String {
    var lines = configuration.usage
    if lines.isEmpty {
      lines = [configuration.subcommands.isEmpty ? synopsis(declarations) : "<subcommand>"]
    }
    let prefix = "USAGE: "
    return lines.enumerated().map { index, line in
      let lead = index == 0 ? prefix : String(repeating: " ", count: prefix.count)
      return lead + [commandLine, line].filter { !$0.isEmpty }.joined(separator: " ")
    }.joined(separator: "\n")
  }

  /// Options first in declaration order, then positional arguments: the order people type them.
  private func synopsis(_ declarations: [ArgumentDeclaration]) -> String {
    let ordered =
      declarations.filter { $0.kind != .positional }
      + declarations.filter { $0.kind == .positional }
    return ordered.map { declaration in
      switch declaration.multiplicity {
      case .required: declaration.synopsis
      case .optional: "[\(declaration.synopsis)]"
      case .repeating: "[\(declaration.synopsis) ...]"
      }
    }.joined(separator: " ")
  }

  private func options(_ declarations: [ArgumentDeclaration]) -> [String] {
    var rows = declarations.filter { $0.kind != .positional }.map { declaration in
      let names = declaration.shortNames + [declaration.synopsis]
      let label =
        declaration.shortNames.isEmpty ? declaration.synopsis : names.joined(separator: ", ")
      return row(label, describing: declaration)
    }
    rows.append(row("-h, --help", help: "Show help information."))
    if path.count == 1, configuration.version != nil {
      rows.append(row("--version", help: "Show the version."))
    }
    return rows
  }

  private var subcommands: [String] {
    configuration.subcommands.map { subcommand in
      let isDefault =
        configuration.defaultSubcommand.map { ObjectIdentifier($0) == ObjectIdentifier(subcommand) }
        ?? false
      let abstract = subcommand.configuration.abstract + (isDefault ? " (default)" : "")
      return row(subcommand.configuration.commandName, help: abstract)
    } + [row("help", help: "Show help for a subcommand.")]
  }

  private func row(_ label: String, describing declaration: ArgumentDeclaration) -> String {
    var details: [String] = []
    if !declaration.allowedValues.isEmpty, declaration.kind != .flag(inverted: true) {
      details.append("values: " + declaration.allowedValues.joined(separator: ", "))
    }
    if let value = declaration.defaultDescription { details.append("default: \(value)") }
    if let variable = declaration.environment { details.append("env: \(variable)") }
    let suffix = details.isEmpty ? "" : "(\(details.joined(separator: "; ")))"
    return row(
      label, help: [declaration.help, suffix].filter { !$0.isEmpty }.joined(separator: " "))
  }

  /// `  label` padded to a fixed column; a label too long for it puts the help on its own line.
  private func row(_ label: String, help: String) -> String {
    let indent = "  "
    if help.isEmpty { return indent + label }
    if label.count >= Self.labelWidth {
      let column = String(repeating: " ", count: indent.count + Self.labelWidth)
      return indent + label + "\n" + column + help
    }
    let padding = String(repeating: " ", count: Self.labelWidth - label.count)
    return indent + label + padding + help
  }

  private func section(_ title: String, _ rows: [String]) -> String {
    ([title + ":"] + rows).joined(separator: "\n")
  }
}
