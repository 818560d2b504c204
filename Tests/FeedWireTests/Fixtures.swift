import FeedComponents
import FeedWire
import Foundation

/// Small documents for the focused tests: account rows whose content is their value.
enum Fixtures {
  static func item(_ id: String, _ value: String = "1원") -> ItemNode {
    ItemNode(id: id, type: "account_row", props: ["title": .string(id), "value": .string(value)])
  }

  static func section(_ id: String, header: String? = nil, _ items: [ItemNode]) -> SectionNode {
    SectionNode(
      id: id,
      header: header.map {
        ItemNode(id: "title/\(id)", type: "title", props: ["text": .string($0)])
      },
      items: items)
  }

  static func document(
    _ sections: [SectionNode], owner: String = "o", fields: [String: JSONValue] = [:]
  ) throws -> FeedDocument {
    try FeedDocument(owner: owner, sections: sections, additionalFields: fields)
  }

  /// The changeset's wire form, parsed.
  static func wireJSON(from base: FeedDocument, to target: FeedDocument) throws -> JSONValue {
    try JSONParser.parse(Array(WireChangeset(from: base, to: target).encoded()))
  }

  /// `value` with the member at `path` (object keys, or array indices written as numbers)
  /// replaced by what `change` returns for it; `nil` removes it.
  static func editing(
    _ value: JSONValue, _ path: ArraySlice<String>, _ change: (JSONValue?) -> JSONValue?
  ) -> JSONValue {
    guard let key = path.first else { return change(value) ?? .null }
    switch value {
    case .object(var members):
      members[key] =
        path.count == 1
        ? change(members[key]) : editing(members[key] ?? .null, path.dropFirst(), change)
      return .object(members)
    case .array(var elements):
      let index = Int(key)!
      elements[index] = editing(elements[index], path.dropFirst(), change)
      return .array(elements)
    default:
      return value
    }
  }

  static func editing(
    _ value: JSONValue, _ path: String, _ change: (JSONValue?) -> JSONValue?
  ) -> JSONValue {
    editing(value, path.split(separator: ".").map(String.init)[...], change)
  }

  /// The member at `path`, written as `editing` takes it (`stages.0.items`).
  static func member(_ value: JSONValue, _ path: String) -> JSONValue? {
    var current: JSONValue? = value
    for key in path.split(separator: ".") {
      if let index = Int(key) {
        current = current?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      } else {
        current = current?[String(key)]
      }
    }
    return current
  }

  static func bytes(_ value: JSONValue) -> Data {
    CanonicalJSONWriter().data(value)
  }
}
