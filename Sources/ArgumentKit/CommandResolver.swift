/// Finds which command in a tree the words select, and whether help or the version was asked for.
///
/// Subcommand names are read from the left; option words met on the way are kept for the final
/// command (with their values, which is why the options known so far are consulted), so global
/// options may stand before or after the subcommand name. `--help`/`-h` anywhere before `--`, and
/// `help <command>`, ask for help on the command reached; `--version` is the root's.
struct CommandResolver {
  enum Request: Equatable {
    case run
    case help
    case version
  }

  struct Resolution {
    var path: [any ParsableCommand.Type]
    /// The words left for the selected command, in their original order.
    var words: [String]
    var request: Request
  }

  let root: any ParsableCommand.Type

  func resolve(_ arguments: [String]) throws(UsageError) -> Resolution {
    var resolution = Resolution(path: [root], words: [], request: .run)
    var index = 0
    var terminated = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      let current = resolution.path[resolution.path.count - 1]
      let subcommands = current.configuration.subcommands
      if terminated {
        resolution.words.append(word)
      } else if word == "--" {
        terminated = true
        resolution.words.append(word)
      } else if word == "--help" || word == "-h" {
        resolution.request = .help
      } else if word == "--version", resolution.path.count == 1, root.configuration.version != nil {
        resolution.request = resolution.request == .help ? .help : .version
      } else if ArgumentMatcher.isOptionLike(word) {
        resolution.words.append(word)
        let matcher = ArgumentMatcher(
          declarations: ArgumentDeclaration.all(in: current), commandLine: commandLine(resolution))
        let (spelling, attached) = ArgumentMatcher.split(word)
        guard let match = matcher.lookup(spelling) else {
          if subcommands.isEmpty { continue }
          throw matcher.unknownOption(spelling)
        }
        if match.declaration.takesValue, attached == nil, index < arguments.count,
          !ArgumentMatcher.isOptionLike(arguments[index])
        {
          resolution.words.append(arguments[index])
          index += 1
        }
      } else if subcommands.isEmpty {
        resolution.words.append(word)
      } else if word == "help", subcommand(named: word, in: current) == nil {
        resolution.request = .help
      } else if let next = subcommand(named: word, in: current) {
        resolution.path.append(next)
      } else if let fallback = current.configuration.defaultSubcommand {
        resolution.path.append(fallback)
        index -= 1
      } else {
        let names = subcommands.map { $0.configuration.commandName }
        throw .unknownSubcommand(
          word, command: commandLine(resolution),
          suggestion: Suggestion.closest(to: word, among: names), available: names)
      }
    }
    return try finish(resolution)
  }

  /// Descends through default subcommands; a group without one needs a subcommand to run.
  private func finish(_ resolution: Resolution) throws(UsageError) -> Resolution {
    var resolution = resolution
    guard resolution.request == .run else { return resolution }
    while true {
      let current = resolution.path[resolution.path.count - 1]
      if current.configuration.subcommands.isEmpty { return resolution }
      guard let fallback = current.configuration.defaultSubcommand else {
        throw .missingSubcommand(
          command: commandLine(resolution),
          available: current.configuration.subcommands.map { $0.configuration.commandName })
      }
      resolution.path.append(fallback)
    }
  }

  private func subcommand(named name: String, in command: any ParsableCommand.Type)
    -> (any ParsableCommand.Type)?
  {
    command.configuration.subcommands.first { $0.configuration.commandName == name }
  }

  func commandLine(_ resolution: Resolution) -> String {
    resolution.path.map { $0.configuration.commandName }.joined(separator: " ")
  }
}
