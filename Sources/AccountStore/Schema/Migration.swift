/// One numbered file of `SQL/`, carried inside the program.
public struct Migration: Hashable, Sendable {
  /// The number the file name starts with; migrations run in this order.
  public var version: Int
  /// The file name, e.g. `001_owners_accounts_notices.sql`.
  public var name: String
  public var sql: String

  public init(version: Int, name: String, sql: String) {
    self.version = version
    self.name = name
    self.sql = sql
  }

  /// The migrations built into this program from `SQL/*.sql`, in order.
  public static let bundled: [Migration] = EmbeddedMigrations.files.compactMap { file in
    guard let version = Int(file.name.prefix(while: \.isNumber)) else { return nil }
    return Migration(version: version, name: file.name, sql: file.text)
  }
}
