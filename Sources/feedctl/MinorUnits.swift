import ArgumentKit

/// An amount typed on the command line: a whole number of the currency's minor units.
///
/// `116848` and `116,848` (commas grouping exact thousands) are accepted, with an optional sign;
/// decimals are refused rather than guessed at, because what `1.5` means depends on the
/// currency's minor digits (KRW has none, USD two): write USD 12.34 as `1234`.
struct MinorUnits: ExpressibleByArgument {
  let value: Int64

  init?(argument: String) {
    guard let value = Self.parse(argument) else { return nil }
    self.value = value
  }

  static func parse(_ text: String) -> Int64? {
    var digits = Substring(text)
    var sign = ""
    if let first = digits.first, first == "-" || first == "+" {
      sign = first == "-" ? "-" : ""
      digits = digits.dropFirst()
    }
    let groups = digits.split(separator: ",", omittingEmptySubsequences: false)
    guard let head = groups.first, !head.isEmpty, head.allSatisfy(Self.isDigit) else { return nil }
    if groups.count > 1 {
      guard head.count <= 3,
        groups.dropFirst().allSatisfy({ $0.count == 3 && $0.allSatisfy(isDigit) })
      else { return nil }
    }
    return Int64(sign + groups.joined(), radix: 10)
  }

  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }

  static func expectation(forInvalid argument: String) -> String {
    if argument.contains(".") {
      return "a whole number of minor units without a decimal point (USD 12.34 is 1234)"
    }
    let unsigned =
      argument.first == "-" || argument.first == "+" ? argument.dropFirst() : argument[...]
    let digits = unsigned.filter { $0 != "," }
    guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
      return "a whole number of minor units such as 116848 or 116,848"
    }
    if Int64((argument.first == "-" ? "-" : "") + digits) == nil {
      return "a whole number of minor units from \(Int64.min) to \(Int64.max)"
    }
    return "commas grouping exactly three digits, as in 116,848"
  }
}
