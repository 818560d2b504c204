/// libpq's explanation of why it could not parse a connection string, without the string.
///
/// libpq quotes the part it choked on, and that part may be the password
/// (`invalid percent-encoded token: "postgres://u:p%zz@h/db"`) or a piece of it (an unquoted
/// password with a space becomes `missing "=" after "…"`). Looking for the password in the text
/// cannot work — the string did not parse, so nobody knows which part is the password — and
/// would mangle every other word that happens to contain it. So every quoted part goes, except
/// the single punctuation marks libpq quotes from its own grammar (`"="`, `"]"`, `":"`).
enum ConnectionStringParseMessage {
  /// `message` with each quoted part of the connection string replaced by `"…"`.
  ///
  /// In every libpq parse message the text taken from the string is the last quoted part, and
  /// it may itself contain quotes; so at the first quoted part longer than one character,
  /// everything up to the last quote of the message is dropped.
  static func withoutQuotedText(_ message: String) -> String {
    var result = ""
    var rest = Substring(message)
    while let open = rest.firstIndex(of: "\"") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      // A single quoted character is libpq's `%c`: kept when it is a grammar mark, hidden when
      // it could be a letter of the password, and either way not the end of the message.
      if let character = rest[afterOpen...].first, character != "\"",
        rest[afterOpen...].dropFirst().first == "\""
      {
        let isMark = !character.isLetter && !character.isNumber
        result += isMark ? "\"\(character)\"" : "\"…\""
        rest = rest[afterOpen...].dropFirst(2)
        continue
      }
      result += "\"…\""
      guard let close = rest.lastIndex(of: "\""), close > open else { return result }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
