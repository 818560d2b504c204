/// Why a client's capability text cannot be used, in one line that shows the expected form.
public enum ClientCapabilitiesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No `:` between the version and the types.
  case malformed(String)
  /// The part before `:` is not `major.minor`.
  case invalidVersion(String)
  /// The client reads a major version this server does not write.
  case unreadableVersion(client: SchemaVersion, server: SchemaVersion)
  /// No type is listed.
  case noTypes
  /// Two commas in a row, or a comma at either end.
  case emptyType(String)
  /// A type that is not a type name.
  case invalidType(String)

  static var form: String {
    "expected VERSION:TYPE,TYPE,… such as 2.0:title,account_row,notice, or a supported client ("
      + SupportedClient.all.map(\.name).joined(separator: ", ") + ")"
  }

  public var description: String {
    switch self {
    case .malformed(let text):
      "invalid client capabilities '\(text)': \(Self.form)"
    case .invalidVersion(let version):
      "invalid client capabilities: '\(version)' is not a feed version such as 2.0"
    case .unreadableVersion(let client, let server):
      "the client reads feed version \(client), but this server writes \(server)"
    case .noTypes:
      "invalid client capabilities: no component types listed; \(Self.form)"
    case .emptyType(let text):
      "invalid client capabilities '\(text)': an empty type between commas"
    case .invalidType(let type):
      "invalid client capabilities: '\(type)' is not a component type (a lowercase letter, then lowercase letters, digits or '_')"
    }
  }
}
