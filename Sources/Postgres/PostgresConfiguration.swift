import CPostgres
import Foundation

/// Where and how to connect, in libpq's own terms.
///
/// `connectionString` is anything libpq accepts: a URL (`postgres://user@host:5432/db`,
/// `postgresql:///db?host=/var/run/postgresql` for a unix socket), a keyword string
/// (`host=/tmp port=5433 dbname=feed`), or empty to let libpq read `PGHOST`, `PGPORT`,
/// `PGDATABASE`, `PGUSER`, `PGPASSWORD` and friends. Parsing stays in libpq so every form it
/// documents works the same here.
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
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &error) else {
      let message = error.map { String(cString: $0) } ?? "could not parse the connection string"
      error.map { PQfreemem($0) }
      throw PostgresError(
        kind: .configuration,
        message: redact(
          "invalid connection string: " + message.trimmingCharacters(in: .whitespacesAndNewlines))
      )
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

  /// `user@host:port/dbname` for messages: what a person needs to recognise the target, and
  /// never the password.
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

  /// `text` with this configuration's password, in any spelling, replaced by `***`. Every
  /// message the client builds from libpq's text goes through it; callers that quote a
  /// connection string themselves can use it too.
  public func redact(_ text: String) -> String {
    ConnectionPassword.redact(text, connectionString: connectionString)
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
