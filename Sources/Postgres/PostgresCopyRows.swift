/// Rows for `COPY … FROM STDIN`, written in PostgreSQL's text format as they are appended.
///
/// `COPY` is the cheapest way to move many rows into the server: no statement to parse per row,
/// no parameter or JSON decoding, just tab-separated fields the server splits. A bulk write
/// (thousands of snapshot rows and item nodes) builds one of these and sends it with
/// `PostgresTransaction.copy(into:columns:rows:)`.
public struct PostgresCopyRows: Sendable {
  /// The encoded rows, ready to send.
  public private(set) var bytes: [UInt8] = []
  /// How many rows have been ended.
  public private(set) var count = 0
  private var fieldsInRow = 0

  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends a text field. Backslash, tab, newline and carriage return are the only bytes the
  /// text format gives a meaning, so they are the only ones escaped.
  public mutating func append(_ text: String) {
    separate()
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for (index, byte) in utf8.enumerated() {
        let escaped: UInt8
        switch byte {
        case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
        case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
        case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
        default: continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(escaped)
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
  }

  /// Appends a whole number.
  public mutating func append(_ number: some BinaryInteger) {
    separate()
    bytes.append(contentsOf: String(number).utf8)
  }

  /// Appends SQL `NULL`.
  public mutating func appendNull() {
    separate()
    bytes.append(contentsOf: "\\N".utf8)
  }

  /// Appends `text`, or `NULL` when it is nil.
  public mutating func append(_ text: String?) {
    if let text { append(text) } else { appendNull() }
  }

  /// Ends the current row.
  public mutating func endRow() {
    bytes.append(UInt8(ascii: "\n"))
    fieldsInRow = 0
    count += 1
  }

  private mutating func separate() {
    if fieldsInRow > 0 { bytes.append(UInt8(ascii: "\t")) }
    fieldsInRow += 1
  }
}
