import Postgres

extension PostgresConnection {
  /// Every row of every table in the `public` schema, in a stable order, each line naming its
  /// table: two equal dumps mean nothing changed. The tables are listed by the catalogue, not by
  /// hand, so a table added by a later migration is never left out.
  public func dumpOfEveryTable() throws -> [String] {
    let tables = try query(
      """
      SELECT table_name::text AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1
      """
    ).map { try $0.decode("name", as: String.self) }
    var lines: [String] = []
    for table in tables {
      let quoted = try quoteIdentifier(table)
      let rows = try query(
        PostgresQuery(unsafeSQL: "SELECT to_jsonb(t)::text AS row FROM \(quoted) t ORDER BY 1"))
      lines += try rows.map { "\(table): " + (try $0.decode("row", as: String.self)) }
    }
    return lines
  }
}
