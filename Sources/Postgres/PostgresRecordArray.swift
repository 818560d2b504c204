/// A column holding an array of anonymous records, `ARRAY(SELECT ROW(a, b, …) FROM … ORDER BY …)`,
/// read back as rows: one statement can return a parent row with its children in order, and each
/// child decodes by column name like a row of its own result.
///
/// The records carry their fields' types but not their names, so the reader gives the names, in
/// the order of the `ROW(…)` fields.
public struct PostgresRecordArray: PostgresDecodable, Sendable {
  private let bytes: ArraySlice<UInt8>

  public init(
    postgresBytes bytes: ArraySlice<UInt8>, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .recordArray else { throw .typeMismatch }
    self.bytes = bytes
  }

  /// The records as rows whose columns are `names`, one per record field.
  public func rows(named names: [String]) throws -> PostgresRows {
    var reader = Reader(bytes: bytes)
    let dimensions = try reader.int32()
    _ = try reader.int32()  // whether any element is NULL; a NULL record is refused below
    _ = try reader.int32()  // the element type, record
    guard dimensions == 0 || dimensions == 1 else {
      throw Self.malformed("\(dimensions) dimensions, expected 1")
    }
    let count = dimensions == 0 ? 0 : Int(try reader.int32())
    if dimensions == 1 { _ = try reader.int32() }  // the lower bound
    var columns = names.map { PostgresColumn(name: $0, type: .unspecified) }
    var values: [UInt8] = []
    values.reserveCapacity(bytes.count)
    var lengths: [Int32] = []
    lengths.reserveCapacity(count * names.count)
    var rowStarts: [Int] = []
    rowStarts.reserveCapacity(count)
    for record in 0..<count {
      guard try reader.int32() >= 0 else { throw Self.malformed("record \(record + 1) is NULL") }
      let fields = Int(try reader.int32())
      guard fields == names.count else {
        throw Self.malformed("a record has \(fields) fields, expected \(names.count)")
      }
      rowStarts.append(values.count)
      for field in 0..<fields {
        columns[field].type = PostgresDataType(UInt32(bitPattern: try reader.int32()))
        let length = try reader.int32()
        lengths.append(length)
        if length > 0 { values.append(contentsOf: try reader.take(Int(length))) }
      }
    }
    guard reader.isAtEnd else { throw Self.malformed("bytes left after the last record") }
    return PostgresRows(
      columns: columns, bytes: values, lengths: lengths, rowStarts: rowStarts, affectedRows: 0)
  }

  private static func malformed(_ reason: String) -> PostgresError {
    PostgresError(kind: .decoding, message: "malformed record array: \(reason)")
  }

  /// Reads big-endian numbers and byte runs from the front of the value.
  private struct Reader {
    var bytes: ArraySlice<UInt8>

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func int32() throws -> Int32 {
      Int32(bitPattern: UInt32(bigEndianBytes: try take(4))!)
    }

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
      guard count <= bytes.count else { throw PostgresRecordArray.malformed("it ends early") }
      let taken = bytes.prefix(count)
      bytes = bytes.dropFirst(count)
      return taken
    }
  }
}
