extension ParsableCommand {
  /// Turns the words after the program name into what they ask for, treating `Self` as the root
  /// of the command tree. Nothing is run and nothing is printed; `validate()` is not called
  /// either, so a test can look at exactly what was parsed.
  public static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(UsageError) -> Invocation
  {
    let resolver = CommandResolver(root: Self.self)
    let resolution = try resolver.resolve(arguments)
    switch resolution.request {
    case .help:
      return .help(HelpFormatter(path: resolution.path).text)
    case .version:
      return .version(configuration.version ?? "")
    case .run:
      let command = resolution.path[resolution.path.count - 1]
      let matcher = ArgumentMatcher(
        declarations: ArgumentDeclaration.all(in: command),
        commandLine: resolver.commandLine(resolution))
      let values = try matcher.match(resolution.words, environment: environment)
      return .run(
        build(command, from: values),
        commandPath: resolution.path.map { $0.configuration.commandName })
    }
  }

  /// Decoding only fails when the command type itself is malformed (a stored property that is
  /// not an argument), which no command line can cause or fix.
  private static func build(
    _ command: any ParsableCommand.Type, from values: [String: any Sendable]
  )
    -> any ParsableCommand
  {
    do {
      return try command.init(from: ArgumentDecoder(codingPath: [], values: values))
    } catch {
      fatalError("ArgumentKit: \(command) is not a valid command declaration: \(error)")
    }
  }
}
