import Foundation

/// Finds the password written in a connection string, so it can be blanked out of any text.
///
/// libpq never prints a password it used, but when it cannot parse a string it quotes the
/// offending part, which may be the password itself (`invalid percent-encoded token: "…"`). Every
/// message this module builds from such text goes through `redact`.
enum ConnectionPassword {
  /// The password of `postgres://user:password@host/db` or `… password=secret …`, in the forms
  /// it may be quoted in (as written, and percent-decoded).
  static func spellings(in connectionString: String) -> [String] {
    guard let written = written(in: connectionString), !written.isEmpty else { return [] }
    let decoded = written.removingPercentEncoding
    return [written] + (decoded.map { $0 == written ? [] : [$0] } ?? [])
  }

  /// `text` with every spelling of the password in `connectionString` replaced by `***`.
  static func redact(_ text: String, connectionString: String) -> String {
    spellings(in: connectionString).reduce(text) {
      $0.replacingOccurrences(of: $1, with: "***")
    }
  }

  private static func written(in connectionString: String) -> String? {
    if let scheme = connectionString.range(of: "://") {
      let rest = connectionString[scheme.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      guard let at = authority.lastIndex(of: "@") else { return nil }
      let userInfo = authority[..<at]
      guard let colon = userInfo.firstIndex(of: ":") else { return nil }
      return String(userInfo[userInfo.index(after: colon)...])
    }
    guard let range = connectionString.range(of: "password") else { return nil }
    let rest = connectionString[range.upperBound...].drop { $0 == " " || $0 == "=" }
    if rest.first == "'" {
      return String(rest.dropFirst().prefix { $0 != "'" })
    }
    return String(rest.prefix { $0 != " " })
  }
}
