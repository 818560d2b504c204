/// A named value: `--owner alice`, `--owner=alice`, `-o alice`.
///
/// The property's type decides the shape: a plain type is required (or has the default written
/// after `=`), an optional is `nil` when not given, and an array collects every occurrence
/// (`--tag a --tag b`). A single-valued option given twice keeps the last value, so a later
/// `--format json` can override an alias. With `environment:`, a missing option falls back to
/// that variable (`--owner` ← `FEEDCTL_OWNER`) before the default; an empty variable counts as
/// unset. The value name shown in help (`<maximum>`) comes from the property even when the option
/// has a custom name, because it says what the value *is*; pass `valueName:` to change it.
@propertyWrapper
public struct Option<Value: Sendable>: Decodable, Sendable, DeclaredArgument {
  private var state: ArgumentState<Value>

  public var wrappedValue: Value {
    get { state.value(of: "@Option") }
    set { state = .parsed(newValue) }
  }

  public init(from decoder: any Decoder) throws {
    state = .parsed(try ArgumentDecoder.parsedValue(from: decoder))
  }

  /// Present so that a bare `@Option var x: T` is accepted at all: the compiler only default-
  /// initializes a wrapped property when the wrapper has an unconstrained `init()`, and then
  /// picks the constrained one that fits `T`. This one is chosen only when none fits.
  @available(
    *, unavailable,
    message:
      "@Option needs a type conforming to ExpressibleByArgument, an optional of one, or an array of one"
  )
  public init() {
    fatalError("unreachable")
  }

  func declarations(at path: [String]) -> [ArgumentDeclaration] {
    state.declarations(at: path)
  }

  private init(
    _ multiplicity: ArgumentDeclaration.Multiplicity, name: NameSpecification, help: String,
    valueName: String?, environment: String?, defaultValue: (any ExpressibleByArgument)?,
    allowedValues: [String],
    resolve: @escaping @Sendable ([RawArgument]) throws(UsageError) -> Value
  ) {
    state = .declared(
      ArgumentDeclaration(
        kind: .option, nameSpecification: name, help: help, multiplicity: multiplicity,
        explicitValueName: valueName, defaultDescription: defaultValue?.argumentDescription,
        allowedValues: allowedValues, environment: environment,
        resolve: { raw throws(UsageError) in try resolve(raw) }))
  }
}

extension Option where Value: ExpressibleByArgument {
  /// A required option with a derived name and no help; `@Option var name: String`.
  public init() {
    self.init(name: .long, help: "", valueName: nil, environment: nil)
  }

  /// An option with a default, used when neither the option nor its variable is given.
  public init(
    wrappedValue: Value, name: NameSpecification = .long, help: String = "",
    valueName: String? = nil, environment: String? = nil
  ) {
    self.init(
      .optional, name: name, help: help, valueName: valueName, environment: environment,
      defaultValue: wrappedValue, allowedValues: Value.allowedValues
    ) { raw throws(UsageError) in
      guard let last = raw.last else { return wrappedValue }
      return try ArgumentDeclaration.convert(last, to: Value.self)
    }
  }

  /// A required option: parsing fails when it is missing.
  public init(
    name: NameSpecification = .long, help: String = "", valueName: String? = nil,
    environment: String? = nil
  ) {
    self.init(
      .required, name: name, help: help, valueName: valueName, environment: environment,
      defaultValue: nil, allowedValues: Value.allowedValues
    ) { raw throws(UsageError) in
      try ArgumentDeclaration.convert(raw[raw.count - 1], to: Value.self)
    }
  }
}

extension Option {
  /// An optional option with a derived name and no help; `@Option var width: Int?`.
  public init<Wrapped: ExpressibleByArgument>() where Value == Wrapped? {
    self.init(name: .long, help: "", valueName: nil, environment: nil)
  }

  /// A repeatable option with a derived name and no help; `@Option var tag: [String]`.
  public init<Element: ExpressibleByArgument>() where Value == [Element] {
    self.init(wrappedValue: [], name: .long, help: "", valueName: nil)
  }

  /// An option that is `nil` when not given, so "not given" stays distinguishable from any value.
  public init<Wrapped: ExpressibleByArgument>(
    name: NameSpecification = .long, help: String = "", valueName: String? = nil,
    environment: String? = nil
  ) where Value == Wrapped? {
    self.init(
      .optional, name: name, help: help, valueName: valueName, environment: environment,
      defaultValue: nil, allowedValues: Wrapped.allowedValues
    ) { raw throws(UsageError) in
      guard let last = raw.last else { return nil }
      return try ArgumentDeclaration.convert(last, to: Wrapped.self)
    }
  }

  /// A repeatable option collecting every occurrence in order.
  public init<Element: ExpressibleByArgument>(
    wrappedValue: [Element] = [], name: NameSpecification = .long, help: String = "",
    valueName: String? = nil
  ) where Value == [Element] {
    self.init(
      .repeating, name: name, help: help, valueName: valueName, environment: nil,
      defaultValue: nil, allowedValues: Element.allowedValues
    ) { raw throws(UsageError) in
      if raw.isEmpty { return wrappedValue }
      var values: [Element] = []
      for argument in raw {
        values.append(try ArgumentDeclaration.convert(argument, to: Element.self))
      }
      return values
    }
  }
}
