import AccountStore
import Foundation
import Postgres
import Testing

/// `SQL/009_cheaper_checks.sql` rewrites the syntax rules whose bounded repetitions made
/// PostgreSQL's regular expressions slow. Each rewritten rule, read back from the migrated
/// catalogue, must accept and refuse exactly what its original pattern did.
@Suite struct CheapCheckTests {
  /// The original rules (SQL/001, 002, 005, 006): constraint, table, column, pattern.
  static let originals: [(constraint: String, table: String, column: String, pattern: String)] = [
    ("owners_id_syntax", "owners", "id", "^[a-z0-9][a-z0-9_-]{0,63}$"),
    ("accounts_kind_syntax", "accounts", "kind", "^[a-z][a-z0-9_-]{0,31}$"),
    ("feed_snapshots_label_syntax", "feed_snapshots", "label", "^[A-Za-z][A-Za-z0-9._-]{0,63}$"),
    ("feed_snapshots_digest_syntax", "feed_snapshots", "digest", "^[0-9a-f]{64}$"),
    ("feed_snapshots_screen_syntax", "feed_snapshots", "screen", "^[a-z][a-z0-9_-]{0,63}$"),
    ("feed_items_digest_syntax", "feed_items", "digest", "^[0-9a-f]{64}$"),
    (
      "access_tokens_secret_sha256_syntax", "access_tokens", "secret_sha256",
      "^[0-9a-f]{64}$"
    ),
  ]

  /// Strings around every edge the rules have: each length up to past the longest bound, every
  /// kind of first and later character, letters outside ASCII, a trailing newline.
  static var corpus: [String] {
    var strings = ["", "\n", "a\n", "\na", " a", "a ", "é", "계", "aé", "a계"]
    let characters = ["a", "z", "A", "Z", "0", "9", "f", "g", "F", "_", "-", ".", "é", "계", "/"]
    for first in characters {
      for later in characters {
        for length in [1, 2, 3, 31, 32, 33, 63, 64, 65, 66] {
          strings.append(first + String(repeating: later, count: length - 1))
        }
      }
    }
    let hex = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
    strings += [
      hex, hex.uppercased(), String(hex.dropLast()), hex + "0", String(hex.dropLast()) + "g",
    ]
    strings += [String(hex.dropLast()) + "é", String(hex.dropLast()) + "\n", "x" + hex.dropFirst()]
    return strings
  }

  @Test(arguments: originals.map(\.constraint))
  func aRewrittenRuleAcceptsExactlyWhatTheOriginalDid(_ constraint: String) throws {
    let original = try #require(Self.originals.first { $0.constraint == constraint })
    try withStore { store in
      let definition = try store.connection.query(
        "SELECT pg_get_constraintdef(oid) AS check FROM pg_constraint WHERE conname = \(constraint)"
      ).single().decode("check", as: String.self)
      #expect(!definition.contains("{"), "\(constraint) still uses a bounded repetition")
      let expression = String(
        definition[try #require(definition.range(of: "CHECK ")).upperBound...])
      let corpus = String(decoding: try JSONEncoder().encode(Self.corpus), as: UTF8.self)
      var bindings = PostgresBindings()
      bindings.append(PostgresJSONB(corpus))
      bindings.append(original.pattern)
      // The rule's own text from the catalogue, on a row whose column holds each string.
      let disagreements = try store.connection.query(
        PostgresQuery(
          unsafeSQL: """
            SELECT s FROM jsonb_array_elements_text($1) AS corpus (s)
            WHERE (s ~ $2) IS DISTINCT FROM
              (SELECT \(expression) FROM (SELECT corpus.s AS \(original.column)) AS r)
            """, bindings: bindings)
      ).map { try $0.decode("s", as: String.self) }
      #expect(disagreements == [])
    }
  }
}
