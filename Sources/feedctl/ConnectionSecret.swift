import Foundation

/// Finds the password in a connection string so it can be blanked out of any message.
///
/// libpq does not echo passwords, but messages also quote the string in places (a bad URL), so
/// feedctl removes the password itself rather than trusting every path.
enum ConnectionSecret {
  /// The password of `postgres://user:password@host/db` or `… password=secret …`, if any.
  static func password(in connectionString: String) -> String? {
    if connectionString.contains("://") {
      guard let authority = connectionString.split(separator: "://", maxSplits: 1).last,
        let at = authority.lastIndex(of: "@")
      else { return nil }
      let userInfo = authority[..<at]
      guard let colon = userInfo.firstIndex(of: ":") else { return nil }
      let password = String(userInfo[userInfo.index(after: colon)...])
      return password.isEmpty ? nil : password
    }
    guard let range = connectionString.range(of: "password") else { return nil }
    let rest = connectionString[range.upperBound...].drop { $0 == " " || $0 == "=" }
    let value: Substring
    if rest.first == "'" {
      value = rest.dropFirst().prefix { $0 != "'" }
    } else {
      value = rest.prefix { $0 != " " }
    }
    return value.isEmpty ? nil : String(value)
  }
}
