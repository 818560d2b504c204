import CPostgres
import Foundation

/// Where and how to connect, in libpq's own terms.
///
/// `connectionString` is anything libpq accepts: a URL (`postgres://user@host:5432/db`,
/// `postgresql:///db?host=/var/run/postgresql` for a unix socket), a keyword string
/// (`host=/tmp port=5433 dbname=feed`), or empty to let libpq read `PGHOST`, `PGPORT`,
/// `PGDATABASE`, `PGUSER`, `PGPASSWORD` and friends. Parsing stays in libpq so every form it
/// documents works the same here.
///
/// The password never leaves this type in text: messages name the target through
/// `redactedDescription`, which is built from the options libpq parsed with the password left
/// out, and printing or dumping a configuration shows that description, not the string.
public struct PostgresConfiguration: Sendable, Equatable {
  public var connectionString: String
  /// Seconds to wait for a server before failing. Applied unless the connection string or
  /// `PGCONNECT_TIMEOUT` sets one, so a dead server fails fast instead of hanging.
  public var connectTimeout: Int
  public var applicationName: String

  public init(
    _ connectionString: String = "", connectTimeout: Int = 5,
    applicationName: String = "accountfeed"
  ) {
    self.connectionString = connectionString
    self.connectTimeout = connectTimeout
    self.applicationName = applicationName
  }

  /// The settings libpq would use, keyword by keyword, with the password left out.
  ///
  /// Throws a `.configuration` error carrying libpq's own explanation for a malformed string.
  public func settings() throws -> [String: String] {
    try parse().filter { $0.key != "password" }
  }

  /// The same server and credentials with another database, as a keyword string.
  ///
  /// Tests use it to give each test its own database on one server, whatever form the original
  /// connection string had.
  public func replacingDatabase(_ name: String) throws -> PostgresConfiguration {
    var options = try parse()
    options["dbname"] = name
    var copy = self
    copy.connectionString = options.sorted { $0.key < $1.key }
      .map { "\($0.key)=\(LocalCluster.quoted($0.value))" }
      .joined(separator: " ")
    return copy
  }

  private func parse() throws -> [String: String] {
    if hasRawAtOutsideUserInfo {
      throw PostgresError(
        kind: .configuration,
        message:
          "invalid connection string: the URL has an '@' that does not end its user name and password; write '@' or '/' inside them as %40 or %2F"
      )
    }
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &error) else {
      let message = error.map { String(cString: $0) } ?? "could not parse the connection string"
      error.map { PQfreemem($0) }
      throw PostgresError(
        kind: .configuration,
        message: "invalid connection string: "
          + ConnectionStringParseMessage.withoutQuotedText(ConnectionHandle.oneLine(message)))
    }
    defer { PQconninfoFree(options) }
    var result: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      let name = String(cString: keyword)
      if let value = option.pointee.val {
        result[name] = String(cString: value)
      }
      option += 1
    }
    return result
  }

  /// Whether a URL has an `@` that libpq would not read as the end of its credentials — a raw
  /// `@` or `/` inside a password (`postgres://u:p@ss@host/db`). libpq would split the password
  /// there and show the rest as the host or database, so such a URL is refused instead.
  private var hasRawAtOutsideUserInfo: Bool {
    let lowercased = connectionString.lowercased()
    guard lowercased.hasPrefix("postgresql://") || lowercased.hasPrefix("postgres://"),
      let scheme = connectionString.range(of: "://")
    else { return false }
    let rest = connectionString[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" }
    return rest.filter { $0 == "@" }.count > (authority.contains("@") ? 1 : 0)
  }

  /// `user@host:port/dbname` for messages: what a person needs to recognise the target, and
  /// never the password. A string libpq cannot parse is described from the environment alone.
  public var redactedDescription: String {
    let explicit = (try? settings()) ?? [:]
    func value(_ keyword: String, _ variable: String, _ fallback: String) -> String {
      explicit[keyword] ?? environmentValue(variable) ?? fallback
    }
    let host = value("host", "PGHOST", "localhost")
    let port = value("port", "PGPORT", "5432")
    let user = value("user", "PGUSER", Self.operatingSystemUser)
    let database = value("dbname", "PGDATABASE", user)
    return "\(user)@\(host):\(port)/\(database)"
  }

  /// libpq's default user name: the operating system user's.
  private static var operatingSystemUser: String {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else {
      return "postgres"
    }
    return String(cString: name)
  }

  /// Keyword/value pairs for `PQconnectdbParams`: defaults first, then the user's string, which
  /// libpq expands in place and lets override them.
  func connectParameters() -> [(String, String)] {
    var parameters: [(String, String)] = [("fallback_application_name", applicationName)]
    if environmentValue("PGCONNECT_TIMEOUT") == nil {
      parameters.append(("connect_timeout", String(connectTimeout)))
    }
    parameters.append(("dbname", connectionString))
    return parameters
  }
}

private func environmentValue(_ name: String) -> String? {
  guard let value = getenv(name) else { return nil }
  let text = String(cString: value)
  return text.isEmpty ? nil : text
}

extension PostgresConfiguration: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The target without the password, so interpolating a configuration into a message or a
  /// test failure cannot print it.
  public var description: String { redactedDescription }
  public var debugDescription: String { "PostgresConfiguration(\(redactedDescription))" }

  /// What `dump` and debuggers show: the target, never the connection string.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "target": redactedDescription, "connectTimeout": connectTimeout,
        "applicationName": applicationName,
      ])
  }
}
