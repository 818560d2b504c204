import Foundation

/// A libpq keyword string (`host='/tmp' port='5432' password='s\'x'`) read back into its values.
///
/// `PostgresConfiguration.settings()` leaves the password out on purpose, but a test that hands
/// the same server to feedctl through `PG*` variables needs it as `PGPASSWORD`.
enum KeywordString {
  static func values(_ text: String) -> [String: String] {
    var values: [String: String] = [:]
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " }
      guard let equals = rest.firstIndex(of: "=") else { return values }
      let keyword = String(rest[..<equals]).trimmingCharacters(in: .whitespaces)
      rest = rest[rest.index(after: equals)...].drop { $0 == " " }
      var value = ""
      if rest.first == "'" {
        rest = rest.dropFirst()
        while let character = rest.popFirst(), character != "'" {
          value.append(character == "\\" ? (rest.popFirst() ?? "\\") : character)
        }
      } else {
        value = String(rest.prefix { $0 != " " })
        rest = rest.dropFirst(value.count)
      }
      values[keyword] = value
    }
  }
}
