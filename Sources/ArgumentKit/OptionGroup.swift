/// Embeds the arguments of another type, most often the global options every subcommand shares.
///
/// Declaring `@OptionGroup var global: GlobalOptions` in the root and in each subcommand is what
/// makes `--owner` valid both before and after the subcommand name: options are always matched
/// against the command that finally runs, and that command then holds the parsed values.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: Decodable, Sendable, DeclaredArgument {
  public var wrappedValue: Value

  public init() {
    wrappedValue = Value()
  }

  public init(from decoder: any Decoder) throws {
    wrappedValue = try Value(from: decoder)
  }

  func declarations(at path: [String]) -> [ArgumentDeclaration] {
    ArgumentDeclaration.all(in: Value.self, at: path)
  }
}
