/// The elements of a one-dimensional array column (`array_agg(…)`), decoded one at a time from
/// where libpq holds them.
///
/// A query can hand back many rows' worth of a column as one value: libpq then keeps one cell
/// instead of one per row, each with a 16-byte slot in the result, which for 100,000 rows of a
/// dozen columns is most of what reading them costs — tens of megabytes, and the time libpq
/// takes to cut the rows into cells. Reading the elements in place, several arrays side by
/// side, builds the caller's values with no array of each column in between.
public struct PostgresArrayElements<Element: PostgresArrayElement & PostgresDecodable> {
  /// Keeps the bytes alive.
  private let result: PostgresResult
  private let column: PostgresColumn
  private var reader: ArrayReader
  private let elementType: PostgresDataType
  /// How many elements the array has.
  public let count: Int

  /// Reads the header of the array `bytes` holds; nil bytes (SQL NULL) read as no elements.
  init(result: PostgresResult, column: PostgresColumn, bytes: UnsafeRawBufferPointer?) throws {
    self.result = result
    self.column = column
    guard let bytes else {
      reader = ArrayReader(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
      elementType = Element.postgresType
      count = 0
      return
    }
    reader = ArrayReader(bytes: bytes)
    do throws(PostgresDecodingFailure) {
      guard column.type == Element.postgresArrayType else { throw .typeMismatch }
      let dimensions = try reader.int32()
      _ = try reader.int32()  // whether any element is NULL: each element says so itself
      elementType = PostgresDataType(UInt32(bitPattern: try reader.int32()))
      guard dimensions <= 1 else { throw .malformed("array of \(dimensions) dimensions") }
      if dimensions == 0 {
        count = 0
        return
      }
      let length = Int(try reader.int32())
      _ = try reader.int32()  // lower bound
      // Every element takes at least the four bytes of its length.
      guard length >= 0, length <= bytes.count / 4 else {
        throw .malformed("array of \(length) elements")
      }
      count = length
    } catch {
      throw PostgresRow.decodingError(error, column: column, as: [Element].self)
    }
  }

  /// The next element. A NULL element, or one past the last, is an error naming the column.
  public mutating func next() throws -> Element {
    do throws(PostgresDecodingFailure) {
      guard let bytes = try reader.element() else { throw .unexpectedNull }
      return try withExtendedLifetime(result) { () throws(PostgresDecodingFailure) -> Element in
        try Element(postgresBytes: bytes, type: elementType)
      }
    } catch {
      throw PostgresRow.decodingError(error, column: column, as: Element.self)
    }
  }
}

extension PostgresRow {
  /// The elements of the array in the column at a zero-based position; a NULL array (an
  /// aggregate of no rows) has none.
  public func arrayElements<Element>(at index: Int, as type: Element.Type = Element.self) throws
    -> PostgresArrayElements<Element>
  {
    let columns = result.columns
    guard columns.indices.contains(index) else {
      throw Self.noColumn(at: index, count: columns.count)
    }
    return try PostgresArrayElements(
      result: result, column: columns[index], bytes: result.cell(row: row, column: index))
  }
}

/// Where the reading of an array's binary form stands: its header, then each element as its
/// length (-1 for NULL) and bytes.
private struct ArrayReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  mutating func int32() throws(PostgresDecodingFailure) -> Int32 {
    guard offset + 4 <= bytes.count else { throw .malformed("array cut short") }
    defer { offset += 4 }
    return Int32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
  }

  /// The next element's bytes, nil for NULL.
  mutating func element() throws(PostgresDecodingFailure) -> UnsafeRawBufferPointer? {
    let length = Int(try int32())
    if length == -1 { return nil }
    guard length >= 0, offset + length <= bytes.count else {
      throw .malformed("array element of \(length) bytes")
    }
    defer { offset += length }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
  }
}
