import FeedComponents

/// A JSON object of a layout file being read field by field, which knows its own path so every
/// error can say where it is, and which remembers the fields asked for so that any other field — a
/// typo such as `show_hiden` — is reported instead of silently ignored.
struct LayoutObject {
  let source: String
  let path: String
  private let members: [String: JSONValue]
  private var asked: [String] = []

  init(_ value: JSONValue, path: String, source: String) throws(FeedLayoutError) {
    self.source = source
    self.path = path
    guard let members = value.objectValue else {
      throw FeedLayoutError(
        source: source, location: path.isEmpty ? nil : path,
        problem: "expected an object, found \(value.kindDescription)")
    }
    self.members = members
  }

  func path(of key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  func error(_ key: String, _ problem: String) -> FeedLayoutError {
    FeedLayoutError(source: source, location: path(of: key), problem: problem)
  }

  /// The raw value of `key`; absent and `null` are both nil.
  mutating func value(_ key: String) -> JSONValue? {
    asked.append(key)
    guard let value = members[key], value != .null else { return nil }
    return value
  }

  /// A string that, when present, must not be empty.
  mutating func string(_ key: String) throws(FeedLayoutError) -> String? {
    guard let value = value(key) else { return nil }
    guard let string = value.stringValue else {
      throw error(key, "expected a string, found \(value.kindDescription)")
    }
    guard !string.isEmpty else {
      throw error(key, "must not be empty (leave the field out instead)")
    }
    return string
  }

  mutating func bool(_ key: String) throws(FeedLayoutError) -> Bool? {
    guard let value = value(key) else { return nil }
    guard let bool = value.boolValue else {
      throw error(key, "expected true or false, found \(value.kindDescription)")
    }
    return bool
  }

  /// One of the raw values of `type`, such as `flat` or `grouped`.
  mutating func choice<T: RawRepresentable & CaseIterable>(
    _ key: String, of type: T.Type
  ) throws(FeedLayoutError) -> T? where T.RawValue == String {
    guard let string = try string(key) else { return nil }
    guard let choice = T(rawValue: string) else {
      let expected = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(key, "unknown value '\(string)' (expected \(expected))")
    }
    return choice
  }

  mutating func template(_ key: String, allowed: [String]) throws(FeedLayoutError) -> Template? {
    guard let text = try string(key) else { return nil }
    do {
      return try Template(text, allowed: allowed)
    } catch {
      throw self.error(key, error.description)
    }
  }

  /// A template for a URL: it must also start with a scheme, such as `app:` or `https:`.
  mutating func urlTemplate(_ key: String, allowed: [String]) throws(FeedLayoutError) -> Template? {
    guard let template = try template(key, allowed: allowed) else { return nil }
    guard Self.hasScheme(template.text) else {
      throw error(key, "'\(template.text)' does not start with a URL scheme such as 'app://'")
    }
    return template
  }

  mutating func object(_ key: String) throws(FeedLayoutError) -> LayoutObject? {
    guard let value = value(key) else { return nil }
    return try LayoutObject(value, path: path(of: key), source: source)
  }

  /// An object whose members are all strings, such as kind titles.
  mutating func stringMap(_ key: String) throws(FeedLayoutError) -> [String: String]? {
    guard let value = value(key) else { return nil }
    guard let members = value.objectValue else {
      throw error(key, "expected an object, found \(value.kindDescription)")
    }
    var map: [String: String] = [:]
    for name in members.keys.sorted() {
      guard let string = members[name]?.stringValue, !string.isEmpty else {
        throw error(key, "the value of '\(name)' must be a non-empty string")
      }
      map[name] = string
    }
    return map
  }

  /// Fails on the first field, in sorted order, that no reader asked for.
  func rejectUnknownFields() throws(FeedLayoutError) {
    guard let unknown = members.keys.filter({ !asked.contains($0) }).sorted().first else { return }
    var problem = "unknown field"
    if let suggestion = Self.nearest(to: unknown, among: asked) {
      problem += "; did you mean '\(suggestion)'?"
    } else {
      problem += " (expected \(asked.joined(separator: ", ")))"
    }
    throw error(unknown, problem)
  }

  private static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = Array(text[..<colon].unicodeScalars)
    guard let first = scheme.first, first.isASCIILetter else { return false }
    return scheme.allSatisfy {
      $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
    }
  }

  /// The known field closest to a misspelt one, if it is within two edits.
  private static func nearest(to word: String, among candidates: [String]) -> String? {
    candidates
      .map { (candidate: $0, distance: editDistance(word, $0)) }
      .filter { $0.distance <= 2 }
      .min { $0.distance < $1.distance }?.candidate
  }

  /// Levenshtein distance: insertions, deletions and substitutions of characters.
  private static func editDistance(_ a: String, _ b: String) -> Int {
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self)
  }
}

extension JSONValue {
  /// What kind of value this is, for "expected a string, found a number".
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .decimal: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
