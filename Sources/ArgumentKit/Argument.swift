/// A positional argument, matched by order among the words that are not options.
///
/// A plain type is required, an optional may be left out, an array takes every remaining word
/// (declare it last), and a default is used when the word is absent.
@propertyWrapper
public struct Argument<Value: Sendable>: Decodable, Sendable, DeclaredArgument {
  private var state: ArgumentState<Value>

  public var wrappedValue: Value {
    get { state.value(of: "@Argument") }
    set { state = .parsed(newValue) }
  }

  public init(from decoder: any Decoder) throws {
    state = .parsed(try ArgumentDecoder.parsedValue(from: decoder))
  }

  /// Present so that a bare `@Argument var x: T` is accepted at all: the compiler only default-
  /// initializes a wrapped property when the wrapper has an unconstrained `init()`, and then
  /// picks the constrained one that fits `T`. This one is chosen only when none fits.
  @available(
    *, unavailable,
    message:
      "@Argument needs a type conforming to ExpressibleByArgument, an optional of one, or an array of one"
  )
  public init() {
    fatalError("unreachable")
  }

  func declarations(at path: [String]) -> [ArgumentDeclaration] {
    state.declarations(at: path)
  }

  private init(
    _ multiplicity: ArgumentDeclaration.Multiplicity, help: String, valueName: String?,
    defaultValue: (any ExpressibleByArgument)?, allowedValues: [String],
    resolve: @escaping @Sendable ([RawArgument]) throws(UsageError) -> Value
  ) {
    state = .declared(
      ArgumentDeclaration(
        kind: .positional, nameSpecification: [], help: help, multiplicity: multiplicity,
        explicitValueName: valueName, defaultDescription: defaultValue?.argumentDescription,
        allowedValues: allowedValues, environment: nil,
        resolve: { raw throws(UsageError) in try resolve(raw) }))
  }
}

extension Argument where Value: ExpressibleByArgument {
  /// A required argument with a derived value name and no help; `@Argument var id: Int64`.
  public init() {
    self.init(help: "", valueName: nil)
  }

  /// A positional argument that may be left out in favour of `wrappedValue`.
  public init(wrappedValue: Value, help: String = "", valueName: String? = nil) {
    self.init(
      .optional, help: help, valueName: valueName, defaultValue: wrappedValue,
      allowedValues: Value.allowedValues
    ) { raw throws(UsageError) in
      guard let first = raw.first else { return wrappedValue }
      return try ArgumentDeclaration.convert(first, to: Value.self)
    }
  }

  /// A positional argument that must be given.
  public init(help: String = "", valueName: String? = nil) {
    self.init(
      .required, help: help, valueName: valueName, defaultValue: nil,
      allowedValues: Value.allowedValues
    ) { raw throws(UsageError) in
      try ArgumentDeclaration.convert(raw[0], to: Value.self)
    }
  }
}

extension Argument {
  /// An optional argument with a derived value name and no help; `@Argument var file: String?`.
  public init<Wrapped: ExpressibleByArgument>() where Value == Wrapped? {
    self.init(help: "", valueName: nil)
  }

  /// A variadic argument with a derived value name and no help; `@Argument var files: [String]`.
  public init<Element: ExpressibleByArgument>() where Value == [Element] {
    self.init(wrappedValue: [], help: "", valueName: nil)
  }

  /// A positional argument that is `nil` when left out.
  public init<Wrapped: ExpressibleByArgument>(help: String = "", valueName: String? = nil)
  where Value == Wrapped? {
    self.init(
      .optional, help: help, valueName: valueName, defaultValue: nil,
      allowedValues: Wrapped.allowedValues
    ) { raw throws(UsageError) in
      guard let first = raw.first else { return nil }
      return try ArgumentDeclaration.convert(first, to: Wrapped.self)
    }
  }

  /// Every remaining positional word, possibly none.
  public init<Element: ExpressibleByArgument>(
    wrappedValue: [Element] = [], help: String = "", valueName: String? = nil
  ) where Value == [Element] {
    self.init(
      .repeating, help: help, valueName: valueName, defaultValue: nil,
      allowedValues: Element.allowedValues
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
