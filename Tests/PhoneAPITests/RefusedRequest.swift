import Testing

/// One row of a table of refusals: a request framed by hand, written as it is on a connection
/// of its own, and the status the server answers it with before closing the connection (an
/// early refusal always closes: after a request it will not read, nothing on the connection can
/// be trusted to start the next). The framing and field-rule suites state their rules so, one
/// row a rule, every row checked the same way.
struct RefusedRequest: Sendable, CustomTestStringConvertible {
  /// What the row specifies, as the test's results name it.
  let name: String
  let bytes: String
  let status: Int

  var testDescription: String { name }

  /// Writes the bytes to the server on `port` and expects the row's status, then the close.
  func expectRefused(port: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let connection = try TestConnection(port: port, timeoutSeconds: 3)
    let response = try connection.answer(to: bytes)
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(connection.isClosedByServer(), "not closed", sourceLocation: sourceLocation)
  }
}
