import Foundation

/// A one-dimensional array parameter (`text[]`, `int8[]`, …), its elements optional so that
/// SQL NULLs travel too.
///
/// It lets one statement carry a column of many rows (`INSERT … SELECT * FROM unnest($1, $2)`),
/// which unlike `COPY` can share a pipeline with other statements, and costs the server about
/// what `COPY` does: no text to parse, each element already in its binary form.
public struct PostgresArray<Element: PostgresArrayElement>: Sendable, Equatable {
  public var elements: [Element?]

  public init(_ elements: [Element?] = []) {
    self.elements = elements
  }

  public mutating func append(_ element: Element?) {
    elements.append(element)
  }
}

/// A type whose values can be the elements of a `PostgresArray`: one with a binary form and a
/// built-in array type.
public protocol PostgresArrayElement: PostgresEncodable, Sendable, Equatable {
  /// The array type whose elements are this type (`text[]` for `text`).
  static var postgresArrayType: PostgresDataType { get }
}

extension String: PostgresArrayElement {
  public static var postgresArrayType: PostgresDataType { PostgresDataType(1009) }
}

extension Int64: PostgresArrayElement {
  public static var postgresArrayType: PostgresDataType { PostgresDataType(1016) }
}

extension Int32: PostgresArrayElement {
  public static var postgresArrayType: PostgresDataType { PostgresDataType(1007) }
}

extension Bool: PostgresArrayElement {
  public static var postgresArrayType: PostgresDataType { PostgresDataType(1000) }
}

extension Date: PostgresArrayElement {
  public static var postgresArrayType: PostgresDataType { PostgresDataType(1185) }
}

extension PostgresArray: PostgresEncodable {
  public static var postgresType: PostgresDataType { Element.postgresArrayType }

  /// The array's binary form: dimensions (one, or none when empty), whether any element is
  /// NULL, the element type, the length and lower bound (1), then each element as its length
  /// and bytes, -1 for NULL.
  public func encode(into buffer: inout [UInt8]) {
    Int32(elements.isEmpty ? 0 : 1).appendBigEndian(to: &buffer)
    Int32(elements.contains(nil) ? 1 : 0).appendBigEndian(to: &buffer)
    Element.postgresType.rawValue.appendBigEndian(to: &buffer)
    if elements.isEmpty { return }
    Int32(elements.count).appendBigEndian(to: &buffer)
    Int32(1).appendBigEndian(to: &buffer)
    var bytes: [UInt8] = []
    for element in elements {
      guard let element else {
        Int32(-1).appendBigEndian(to: &buffer)
        continue
      }
      bytes.removeAll(keepingCapacity: true)
      element.encode(into: &bytes)
      Int32(bytes.count).appendBigEndian(to: &buffer)
      buffer.append(contentsOf: bytes)
    }
  }
}
