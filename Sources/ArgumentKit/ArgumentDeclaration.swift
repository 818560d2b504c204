/// What one declared argument accepts, independent of the Swift type it produces.
///
/// Property wrappers build a declaration with a `resolve` closure that captures their generic
/// value type; everything after that — matching tokens, environment fallback, help — works on
/// this one non-generic shape.
struct ArgumentDeclaration: Sendable {
  enum Kind: Sendable, Equatable {
    case option
    case flag(inverted: Bool)
    case positional
  }

  enum Multiplicity: Sendable, Equatable {
    /// Exactly one value must be given.
    case required
    /// Zero or one value; a default or `nil` otherwise.
    case optional
    /// Any number of values, collected into an array.
    case repeating
  }

  let kind: Kind
  let nameSpecification: NameSpecification
  let help: String
  let multiplicity: Multiplicity
  let explicitValueName: String?
  let defaultDescription: String?
  let allowedValues: [String]
  let environment: String?
  /// Turns the raw values given (possibly none) into the property's value.
  let resolve: @Sendable ([RawArgument]) throws(UsageError) -> any Sendable

  /// The property path (`["global", "owner"]`), filled in when the declaration is discovered.
  var path: [String] = []

  var key: String { path.joined(separator: ".") }
  var propertyName: String { path.last ?? "" }
  var valueName: String { explicitValueName ?? propertyName.kebabCased }

  var longNames: [String] { nameSpecification.names(forProperty: propertyName).long }
  var shortNames: [String] { nameSpecification.names(forProperty: propertyName).short }

  /// `--no-hidden` for an inverted `--hidden` flag.
  var invertedNames: [String] {
    guard case .flag(inverted: true) = kind else { return [] }
    return longNames.map { "--no-" + $0.dropFirst(2) }
  }

  var takesValue: Bool { kind == .option }

  var isFlag: Bool {
    if case .flag = kind { return true }
    return false
  }

  /// The name used in messages: the first long name, else the short one, else `<value>`.
  var displayName: String {
    switch kind {
    case .positional: "<\(valueName)>"
    case .option, .flag: longNames.first ?? shortNames.first ?? propertyName
    }
  }

  /// How the argument is written in a usage line, e.g. `--owner <owner>` or `<file>`.
  var synopsis: String {
    switch kind {
    case .positional: "<\(valueName)>"
    case .option: "\(displayName) <\(valueName)>"
    case .flag(inverted: false): displayName
    case .flag(inverted: true): "\(displayName)/\(invertedNames.first ?? displayName)"
    }
  }
}

/// One value as typed, with where it came from so errors can point at it.
struct RawArgument: Sendable, Equatable {
  let text: String
  /// `--balance`, `<file>` or an environment variable name.
  let origin: String
}

/// The two lives of an argument property: declared (before parsing) and holding its value.
enum ArgumentState<Value: Sendable>: Sendable {
  case declared(ArgumentDeclaration)
  case parsed(Value)

  /// The declaration, placed at `path` (the group it was found in), until parsing replaces it.
  func declarations(at path: [String]) -> [ArgumentDeclaration] {
    guard case .declared(var declaration) = self else { return [] }
    declaration.path = path
    return [declaration]
  }

  func value(of wrapper: String) -> Value {
    switch self {
    case .parsed(let value): return value
    case .declared:
      fatalError("\(wrapper) read before parsing; obtain commands from parse(_:environment:)")
    }
  }
}

/// Implemented by the property wrappers so `Mirror` can find what a type declares.
protocol DeclaredArgument {
  func declarations(at path: [String]) -> [ArgumentDeclaration]
}

extension ArgumentDeclaration {
  /// Every declaration of `type`, found by reflecting a freshly made value. Declaration order
  /// is kept: it is the order of positional arguments and of help.
  static func all(in type: any ParsableArguments.Type, at path: [String] = [])
    -> [ArgumentDeclaration]
  {
    Mirror(reflecting: type.init()).children.flatMap { child -> [ArgumentDeclaration] in
      guard let label = child.label, let declared = child.value as? any DeclaredArgument else {
        return []
      }
      let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
      return declared.declarations(at: path + [name])
    }
  }

  /// Converts one raw value, or fails with the error that names it.
  static func convert<Value: ExpressibleByArgument>(_ raw: RawArgument, to type: Value.Type)
    throws(UsageError) -> Value
  {
    guard let value = Value(argument: raw.text) else {
      throw .invalidValue(raw.text, for: raw.origin, reason: Value.reason(forInvalid: raw.text))
    }
    return value
  }
}
