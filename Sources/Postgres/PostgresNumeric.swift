/// An exact `numeric` value, kept as its decimal text.
///
/// `numeric` can hold more digits than any binary floating point type, and money must never pass
/// through `Double`, so the value is carried as the digits the server sent — decoded from the
/// binary base-10000 form by integer arithmetic only — and sent back as text.
public struct PostgresNumeric: Hashable, Sendable, CustomStringConvertible {
  /// The value in plain decimal notation, e.g. `-1234.5600`, `0`, or `NaN`.
  public let description: String

  /// Accepts plain decimal notation: an optional `-`, digits, and optionally `.` and digits.
  public init?(_ text: String) {
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    description = text
  }

  public init(_ value: Int64) {
    description = String(value)
  }
}

extension PostgresNumeric: PostgresCodable {
  public static var postgresType: PostgresDataType { .numeric }
  public static var postgresFormat: PostgresFormat { .text }

  public func encode(into buffer: inout [UInt8]) {
    buffer.append(contentsOf: description.utf8)
  }

  /// Binary numeric: ndigits, weight, sign, dscale (each 16 bits), then ndigits base-10000
  /// digits; the first digit is worth 10000^weight.
  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .numeric else { throw .typeMismatch }
    let words = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map {
      UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
    }
    guard bytes.count % 2 == 0, words.count >= 4, words.count == 4 + Int(words[0]) else {
      throw .malformed("numeric of \(bytes.count) bytes")
    }
    let weight = Int(Int16(bitPattern: words[1]))
    let sign = words[2]
    let scale = Int(words[3])
    let digits = words.dropFirst(4).map(Int.init)
    switch sign {
    case 0xC000:
      description = "NaN"
      return
    case 0xD000:
      description = "Infinity"
      return
    case 0xF000:
      description = "-Infinity"
      return
    case 0x0000, 0x4000: break
    default: throw .malformed("numeric sign \(sign)")
    }
    func digit(_ index: Int) -> Int { index >= 0 && index < digits.count ? digits[index] : 0 }
    func fourDigits(_ value: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: 4 - text.count) + text
    }
    var text = weight < 0 ? "0" : String(digit(0))
    if weight > 0 {
      for index in 1...weight { text += fourDigits(digit(index)) }
    }
    if scale > 0 {
      var fraction = ""
      var index = weight + 1
      while fraction.count < scale {
        fraction += fourDigits(digit(index))
        index += 1
      }
      text += "." + fraction.prefix(scale)
    }
    let isZero = digits.allSatisfy { $0 == 0 }
    description = sign == 0x4000 && !isZero ? "-" + text : text
  }
}
