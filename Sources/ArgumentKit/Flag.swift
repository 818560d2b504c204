/// A switch that takes no value: `--verbose`, or an inverted pair `--hidden/--no-hidden`.
///
/// A plain `Bool` flag is false unless given. Declared as `Bool?` with an inversion, the pair
/// yields `nil` when neither spelling appears — what an "update" command needs to tell "leave
/// it" from "set it to false". When both spellings appear, the last one wins. With
/// `environment:`, any non-empty value of the variable turns the flag on (the `NO_COLOR`
/// convention).
@propertyWrapper
public struct Flag<Value: Sendable>: Decodable, Sendable, DeclaredArgument {
  private var state: ArgumentState<Value>

  public var wrappedValue: Value {
    get { state.value(of: "@Flag") }
    set { state = .parsed(newValue) }
  }

  public init(from decoder: any Decoder) throws {
    state = .parsed(try ArgumentDecoder.parsedValue(from: decoder))
  }

  /// Present so that a bare `@Flag var x: T` is accepted at all: the compiler only default-
  /// initializes a wrapped property when the wrapper has an unconstrained `init()`, and then
  /// picks the constrained one that fits `T`. This one is chosen only when none fits.
  @available(*, unavailable, message: "@Flag is a Bool, or a Bool? with inversion: .prefixedNo")
  public init() {
    fatalError("unreachable")
  }

  func declarations(at path: [String]) -> [ArgumentDeclaration] {
    state.declarations(at: path)
  }

  private init(
    inverted: Bool, name: NameSpecification, help: String, environment: String?,
    defaultDescription: String?,
    resolve: @escaping @Sendable (Bool?) -> Value
  ) {
    state = .declared(
      ArgumentDeclaration(
        kind: .flag(inverted: inverted), nameSpecification: name, help: help,
        multiplicity: .optional, explicitValueName: nil, defaultDescription: defaultDescription,
        allowedValues: [], environment: environment,
        resolve: { raw in resolve(raw.last.map { $0.text == "true" }) }))
  }
}

/// How the negative spelling of an inverted flag is formed.
public enum FlagInversion: Sendable {
  /// `--hidden` / `--no-hidden`.
  case prefixedNo
}

extension Flag where Value == Bool {
  /// A flag that is false unless given; `@Flag var verbose: Bool`.
  public init() {
    self.init(wrappedValue: false, name: .long, inversion: nil, help: "", environment: nil)
  }

  /// A flag that is `wrappedValue` unless given; with an inversion, both spellings are accepted.
  public init(
    wrappedValue: Bool = false, name: NameSpecification = .long,
    inversion: FlagInversion? = nil, help: String = "", environment: String? = nil
  ) {
    self.init(
      inverted: inversion != nil, name: name, help: help, environment: environment,
      defaultDescription: inversion != nil ? String(wrappedValue) : nil
    ) { given in given ?? wrappedValue }
  }
}

extension Flag where Value == Bool? {
  /// An inverted pair that is `nil` when neither spelling is given.
  public init(
    name: NameSpecification = .long, inversion: FlagInversion, help: String = "",
    environment: String? = nil
  ) {
    self.init(
      inverted: true, name: name, help: help, environment: environment, defaultDescription: nil
    ) { given in given }
  }
}
