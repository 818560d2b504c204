extension ParsableCommand {
  /// Mistakes in the declarations of this command and every command below it, one sentence
  /// each; empty when the tree is sound.
  ///
  /// These are programming errors no command line can trigger reliably — two options sharing a
  /// spelling, a variadic argument that is not last, a stored property the parser cannot fill —
  /// so an application checks them once in a unit test instead of at every launch.
  public static func declarationProblems() -> [String] {
    problems(in: Self.self, commandLine: configuration.commandName)
  }

  private static func problems(in command: any ParsableCommand.Type, commandLine: String)
    -> [String]
  {
    let declarations = ArgumentDeclaration.all(in: command)
    var problems: [String] = []
    var owners: [String: String] = [:]
    for declaration in declarations {
      let spellings =
        declaration.longNames + declaration.invertedNames + declaration.shortNames
      for spelling in spellings {
        if let first = owners[spelling] {
          problems.append(
            "'\(commandLine)': '\(spelling)' names both '\(first)' and '\(declaration.key)'")
        }
        owners[spelling] = owners[spelling] ?? declaration.key
      }
      if ["--help", "-h"].contains(where: spellings.contains) {
        problems.append("'\(commandLine)': '\(declaration.key)' uses a spelling reserved for help")
      }
    }
    let positional = declarations.filter { $0.kind == .positional }
    if let variadic = positional.dropLast().first(where: { $0.multiplicity == .repeating }) {
      problems.append(
        "'\(commandLine)': variadic argument '\(variadic.key)' must be the last argument")
    }
    problems += plainProperties(of: command).map {
      "'\(commandLine)': stored property '\($0)' is not @Option, @Flag, @Argument or @OptionGroup"
    }
    let configuration = command.configuration
    let names = configuration.subcommands.map { $0.configuration.commandName }
    for (index, name) in names.enumerated() where names[..<index].contains(name) {
      problems.append("'\(commandLine)': two subcommands are named '\(name)'")
    }
    if let fallback = configuration.defaultSubcommand,
      !configuration.subcommands.contains(where: {
        ObjectIdentifier($0) == ObjectIdentifier(fallback)
      })
    {
      problems.append("'\(commandLine)': the default subcommand is not one of its subcommands")
    }
    for subcommand in configuration.subcommands {
      problems += Self.problems(
        in: subcommand, commandLine: commandLine + " " + subcommand.configuration.commandName)
    }
    return problems
  }

  private static func plainProperties(of type: any ParsableArguments.Type) -> [String] {
    Mirror(reflecting: type.init()).children.flatMap { child -> [String] in
      guard let label = child.label else { return [] }
      if child.value is any DeclaredArgument { return [] }
      return [label]
    }
  }
}
