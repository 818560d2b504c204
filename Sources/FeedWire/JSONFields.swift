import FeedComponents
import FeedDiff

/// The members of one JSON object of a changeset, with the path that names it in errors.
struct JSONFields {
  let members: [String: JSONValue]
  let path: String

  init(_ value: JSONValue, path: String) throws(WireChangesetError) {
    guard let members = value.objectValue else {
      throw .malformed(path: path, reason: "it must be an object")
    }
    self.members = members
    self.path = path
  }

  /// The path of member `key`.
  func child(_ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  func string(_ key: String) throws(WireChangesetError) -> String {
    guard let text = members[key]?.stringValue else {
      throw .malformed(path: child(key), reason: "it must be a string")
    }
    return text
  }

  /// A digest: 64 lower-case hex digits.
  func digest(_ key: String) throws(WireChangesetError) -> String {
    let text = try string(key)
    guard text.utf8.count == 64,
      text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else {
      throw .malformed(path: child(key), reason: "a digest must be 64 lower-case hex digits")
    }
    return text
  }

  /// An index: a non-negative integer.
  func index(_ key: String) throws(WireChangesetError) -> Int {
    guard let number = members[key]?.integerValue, number >= 0 else {
      throw .malformed(path: child(key), reason: "it must be a non-negative integer")
    }
    return number
  }

  /// An item path: `[section, item]`, both non-negative.
  func elementPath(_ key: String) throws(WireChangesetError) -> ElementPath {
    guard let parts = members[key]?.arrayValue, parts.count == 2,
      let section = parts[0].integerValue, let element = parts[1].integerValue,
      section >= 0, element >= 0
    else {
      throw .malformed(
        path: child(key), reason: "it must be [section, item], two non-negative integers")
    }
    return ElementPath(section: section, element: element)
  }

  func object(_ key: String) throws(WireChangesetError) -> JSONFields {
    guard let value = members[key] else {
      throw .malformed(path: child(key), reason: "it is missing")
    }
    return try JSONFields(value, path: child(key))
  }

  /// An optional object: a missing one reads as empty, as the writer leaves empty groups out.
  func optionalObject(_ key: String) throws(WireChangesetError) -> JSONFields {
    guard let value = members[key] else { return try JSONFields(.object([:]), path: path) }
    return try JSONFields(value, path: child(key))
  }

  /// A list of objects; a missing list is empty, as the writer leaves empty lists out.
  func list(_ key: String) throws(WireChangesetError) -> [JSONFields] {
    guard let value = members[key] else { return [] }
    guard let elements = value.arrayValue else {
      throw .malformed(path: child(key), reason: "it must be an array")
    }
    var fields: [JSONFields] = []
    for (index, element) in elements.enumerated() {
      fields.append(try JSONFields(element, path: "\(child(key))[\(index)]"))
    }
    return fields
  }

  /// Runs a FeedComponents reader on a member, reporting its error at this path.
  func content<T>(
    _ key: String, _ read: (JSONValue, String) throws(FeedDocumentError) -> T
  ) throws(WireChangesetError) -> T {
    guard let value = members[key] else {
      throw .malformed(path: child(key), reason: "it is missing")
    }
    do {
      return try read(value, child(key))
    } catch {
      throw .malformed(path: child(key), reason: error.description)
    }
  }
}
