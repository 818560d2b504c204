import Postgres

/// A piece of SQL text the store splices into its statements: a column list, a table's name,
/// an order. `PostgresQuery` binds every interpolated value as a parameter and splices no text;
/// the store's column lists are the one thing it must splice, so they are fragments, and a
/// fragment is made only from string literals (`StaticString`) or other fragments. No runtime
/// `String` ever becomes SQL text.
///
/// Each column list is declared beside the decoder that reads it (`Owner+Row.swift`, …), so a
/// query and its decoding cannot drift apart.
struct SQLFragment: Sendable, ExpressibleByStringLiteral {
  /// The text, as spliced.
  let sql: String

  init(stringLiteral literal: StaticString) {
    sql = literal.description
  }

  /// The fragments one after another, as one.
  init(_ parts: SQLFragment...) {
    sql = parts.map(\.sql).joined()
  }
}

extension SQLFragment {
  /// How an owner's accounts and notices are shown: by position, and among rows at the same
  /// position the most recently placed first (`SQL/004_placements.sql`), so placing a row at
  /// position P puts it before every row already there.
  static let displayOrder: SQLFragment = "position, placement DESC"
}

extension PostgresQuery.StringInterpolation {
  /// Splices one of the store's SQL fragments as text; values go through the other
  /// interpolations, as parameters.
  mutating func appendInterpolation(sql fragment: SQLFragment) {
    appendLiteral(fragment.sql)
  }
}

extension PostgresQuery {
  /// A statement that is one fragment, its parameters already bound (`$1` … in the fragment).
  init(_ fragment: SQLFragment, bindings: PostgresBindings) {
    self.init(unsafeSQL: fragment.sql, bindings: bindings)
  }
}
