/// Matches the words given to one command against its declarations and produces the value of
/// every declared property.
///
/// Rules, in the order they apply to each word:
/// - after `--`, every word is positional;
/// - `--name=value` and `--name value` give an option its value; the next word is taken as the
///   value unless it looks like an option, and a negative number (`-5000`) never looks like one;
/// - `-x` is a short name; `-` alone and negative numbers are positional words;
/// - everything else is positional, assigned to `@Argument`s in declaration order.
/// Then an option still missing falls back to its environment variable, then to its default.
struct ArgumentMatcher {
  let declarations: [ArgumentDeclaration]
  /// The command as typed (`feedctl account add`), for messages.
  let commandLine: String

  /// A spelling resolved to its declaration; a flag spelling also carries the value it sets.
  struct Match {
    let declaration: ArgumentDeclaration
    let flagValue: String?
  }

  func match(_ words: [String], environment: [String: String]) throws(UsageError)
    -> [String: any Sendable]
  {
    var given: [String: [RawArgument]] = [:]
    var positionals: [String] = []
    var index = 0
    var terminated = false
    while index < words.count {
      let word = words[index]
      index += 1
      if terminated || !Self.isOptionLike(word) {
        positionals.append(word)
        continue
      }
      if word == "--" {
        terminated = true
        continue
      }
      let (spelling, attached) = Self.split(word)
      guard let match = lookup(spelling) else { throw unknownOption(spelling) }
      let declaration = match.declaration
      if let flagValue = match.flagValue {
        if let attached { throw .flagWithValue(spelling, value: attached) }
        given[declaration.key, default: []].append(RawArgument(text: flagValue, origin: spelling))
        continue
      }
      var value = attached
      if value == nil, index < words.count, !Self.isOptionLike(words[index]) {
        value = words[index]
        index += 1
      }
      guard let value else {
        if index < words.count {
          throw Self.valueLooksLikeAnOption(words[index], for: declaration, as: spelling)
        }
        throw .missingValue(for: declaration, as: spelling)
      }
      given[declaration.key, default: []].append(RawArgument(text: value, origin: spelling))
    }
    try assign(positionals, to: &given)
    return try resolve(given, environment: environment)
  }

  /// `--message -urgent`: the next word was read as an option, so say how to pass it as a value
  /// (only the `--name=value` form can carry a value that starts with `-`).
  static func valueLooksLikeAnOption(
    _ word: String, for declaration: ArgumentDeclaration, as spelled: String
  ) -> UsageError {
    let long = spelled.hasPrefix("--") ? spelled : declaration.longNames.first
    guard let long else { return .missingValue(for: declaration, as: spelled) }
    return UsageError(
      .missingValue,
      "option '\(spelled)' needs a value; to pass one that starts with '-', write \(long)=\(word)")
  }

  /// The declaration a spelling such as `--owner`, `-o` or `--no-hidden` names.
  func lookup(_ spelling: String) -> Match? {
    for declaration in declarations {
      switch declaration.kind {
      case .positional:
        continue
      case .option:
        if declaration.longNames.contains(spelling) || declaration.shortNames.contains(spelling) {
          return Match(declaration: declaration, flagValue: nil)
        }
      case .flag:
        if declaration.longNames.contains(spelling) || declaration.shortNames.contains(spelling) {
          return Match(declaration: declaration, flagValue: "true")
        }
        if declaration.invertedNames.contains(spelling) {
          return Match(declaration: declaration, flagValue: "false")
        }
      }
    }
    return nil
  }

  func unknownOption(_ spelling: String) -> UsageError {
    let spellings = declarations.flatMap { $0.longNames + $0.invertedNames + $0.shortNames }
    return .unknownOption(
      spelling, suggestion: Suggestion.closest(to: spelling, among: spellings + ["--help"]),
      command: commandLine)
  }

  /// Fills positional declarations in order; an array takes all that remain.
  private func assign(_ words: [String], to given: inout [String: [RawArgument]])
    throws(UsageError)
  {
    var remaining = words[...]
    let positional = declarations.filter { $0.kind == .positional }
    for declaration in positional {
      let taken = declaration.multiplicity == .repeating ? remaining : remaining.prefix(1)
      remaining = remaining.dropFirst(taken.count)
      if !taken.isEmpty {
        given[declaration.key] = taken.map { RawArgument(text: $0, origin: declaration.synopsis) }
      }
    }
    if let extra = remaining.first {
      throw .unexpectedArgument(extra, command: commandLine, accepted: positional.count)
    }
  }

  private func resolve(_ given: [String: [RawArgument]], environment: [String: String])
    throws(UsageError) -> [String: any Sendable]
  {
    var values: [String: any Sendable] = [:]
    for declaration in declarations {
      var raw = given[declaration.key] ?? []
      if raw.isEmpty, let variable = declaration.environment,
        let text = environment[variable], !text.isEmpty
      {
        raw = [RawArgument(text: declaration.isFlag ? "true" : text, origin: variable)]
      }
      if raw.isEmpty, declaration.multiplicity == .required { throw .missing(declaration) }
      values[declaration.key] = try declaration.resolve(raw)
    }
    return values
  }

  /// `--name=value` → (`--name`, `value`); anything else has no attached value.
  ///
  /// Split on Unicode scalars, not `Character`s: a value that starts with a combining mark, a
  /// joiner or a variation selector (`--name=\u{301}x`) forms one grapheme with the `=`, and a
  /// search for the character `=` would not find it.
  static func split(_ word: String) -> (spelling: String, value: String?) {
    let scalars = word.unicodeScalars
    guard scalars.starts(with: "--".unicodeScalars), let equals = scalars.firstIndex(of: "=") else {
      return (word, nil)
    }
    return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
  }

  /// Starts with `-` but is neither `-` (standard input, by convention) nor a negative number.
  /// Judged by scalars too, so `-` followed by a combining mark is still an option word.
  static func isOptionLike(_ word: String) -> Bool {
    word.unicodeScalars.first == "-" && !word.unicodeScalars.elementsEqual("-".unicodeScalars)
      && !isNegativeNumber(word)
  }

  /// `-5000`, `-0.5`: a minus sign, ASCII digits, and at most one decimal point.
  static func isNegativeNumber(_ word: String) -> Bool {
    let scalars = word.unicodeScalars
    let body = scalars.dropFirst()
    return scalars.first == "-" && body.contains { ("0"..."9").contains($0) }
      && body.allSatisfy { ("0"..."9").contains($0) || $0 == "." }
      && body.filter { $0 == "." }.count <= 1
  }
}
