import Testing

/// One row of a table of hand-framed requests: bytes written as they are on a connection of
/// their own, and the answer the server owes them. The framing and field-rule suites state their
/// refusals as such tables, so each rule is one line and every line is checked the same way.
struct RawRequestCase: Sendable, CustomTestStringConvertible {
  /// What the row specifies, as the test's results name it.
  let name: String
  let bytes: String
  let status: Int
  /// Whether the server must close the connection after its answer. A row without it leaves
  /// the connection unchecked: a connection kept open can only be seen by waiting on it.
  let mustClose: Bool

  var testDescription: String { name }

  /// Writes the bytes to the server on `port` and expects the row's status, then the close when
  /// the row demands one.
  func expectAnswer(port: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let connection = try TestConnection(port: port, timeoutSeconds: 3)
    let response = try connection.answer(to: bytes)
    #expect(response.status == status, sourceLocation: sourceLocation)
    if mustClose {
      #expect(connection.isClosedByServer(), "not closed", sourceLocation: sourceLocation)
    }
  }
}
