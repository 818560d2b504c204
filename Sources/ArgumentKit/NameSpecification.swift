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
  /// `expectVersion` → `expect-version`, `databaseURL` → `database-url`: the shell spelling of a
  /// Swift property name. A run of capitals is one word, so acronyms stay together.
  var kebabCased: String {
    let characters = Array(self)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let startsWord = !previous.isUppercase || (next?.isLowercase ?? false)
        if startsWord { result.append("-") }
      }
      result.append(contentsOf: character.lowercased())
    }
    return result
  }
}
