/// The one error type of the PostgreSQL client.
///
/// Whether the server refused a statement, the connection could not be made, or a value did not
/// decode, callers catch one type and read the same fields. Server errors keep every field libpq
/// hands over, so a caller can branch on `sqlState` (e.g. `23505`, unique violation) instead of
/// parsing message text. The description is a single line and never contains a password: it is
/// built only from server fields and from connection settings with the password removed.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, at the level a caller branches on.
  public enum Kind: String, Sendable, Equatable {
    /// The server could not be reached or refused the session (wrong host, closed port, auth).
    case connection
    /// The server executed the statement and reported an error (see `sqlState`).
    case server
    /// A value could not be decoded into the Swift type asked for.
    case decoding
    /// The connection string or URL could not be parsed.
    case configuration
    /// The connection was used in a way libpq refused (closed, lost, protocol trouble).
    case client
  }

  public var kind: Kind
  /// The five-character SQLSTATE code, for server errors.
  public var sqlState: String?
  /// The primary message: one line, human readable.
  public var message: String
  public var detail: String?
  public var hint: String?
  /// The name of the violated constraint, for integrity errors.
  public var constraint: String?
  public var table: String?
  public var column: String?
  /// For an error from a pipeline: the zero-based position of the statement that failed.
  public var statementIndex: Int?

  public init(
    kind: Kind, message: String, sqlState: String? = nil, detail: String? = nil,
    hint: String? = nil, constraint: String? = nil, table: String? = nil, column: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.sqlState = sqlState
    self.detail = detail
    self.hint = hint
    self.constraint = constraint
    self.table = table
    self.column = column
  }

  public var description: String {
    var text = message
    if let sqlState { text += " (SQLSTATE \(sqlState))" }
    if let detail { text += ": \(detail)" }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}

extension PostgresError {
  /// SQLSTATE codes the rest of the project branches on, named so call sites read as prose.
  public enum Code {
    public static let uniqueViolation = "23505"
    public static let checkViolation = "23514"
    public static let foreignKeyViolation = "23503"
    public static let notNullViolation = "23502"
    public static let numericValueOutOfRange = "22003"
    public static let invalidTextRepresentation = "22P02"
    public static let stringDataRightTruncation = "22001"
    public static let serializationFailure = "40001"
    public static let deadlockDetected = "40P01"
  }

  /// Whether retrying the whole transaction may succeed (serialization failure or deadlock).
  public var isTransient: Bool {
    sqlState == Code.serializationFailure || sqlState == Code.deadlockDetected
  }
}
