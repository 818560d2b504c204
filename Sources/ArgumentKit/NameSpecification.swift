/// The spellings under which an option or flag is accepted.
///
/// Names are derived from the property, so `var expectVersion` becomes `--expect-version` and its
/// short form `-e`; custom names exist for the cases where the derived one reads badly.
public struct NameSpecification: ExpressibleByArrayLiteral, Sendable {
  /// One way of naming an option.
  public enum Element: Sendable, Equatable {
    /// `--kebab-case-of-property`.
    case long
    /// `-` and the first letter of the property.
    case short
    /// `--` followed by the given text.
    case customLong(String)
    /// `-` followed by the given character.
    case customShort(Character)
  }

  let elements: [Element]

  public init(arrayLiteral elements: Element...) {
    self.elements = elements
  }

  public static let long: NameSpecification = [.long]
  public static let short: NameSpecification = [.short]
  public static let shortAndLong: NameSpecification = [.short, .long]

  public static func customLong(_ name: String) -> NameSpecification {
    [.customLong(name)]
  }

  public static func customShort(_ character: Character) -> NameSpecification {
    [.customShort(character)]
  }

  /// The concrete spellings for a property, long names first so help reads `-o, --owner` in a
  /// fixed order no matter how the specification was written.
  func names(forProperty property: String) -> (long: [String], short: [String]) {
    var long: [String] = []
    var short: [String] = []
    for element in elements {
      switch element {
      case .long: long.append("--" + property.kebabCased)
      case .short: short.append("-" + String(property.prefix(1)))
      case .customLong(let name): long.append("--" + name)
      case .customShort(let character): short.append("-" + String(character))
      }
    }
    return (long, short)
  }
}

extension String {
  /// `expectVersion` → `expect-version`: the shell spelling of a Swift property name.
  var kebabCased: String {
    var result = ""
    for character in self {
      if character.isUppercase {
        if !result.isEmpty { result.append("-") }
        result.append(contentsOf: character.lowercased())
      } else {
        result.append(character)
      }
    }
    return result
  }
}
