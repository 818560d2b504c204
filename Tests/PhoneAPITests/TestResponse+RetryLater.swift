import Testing

extension TestResponse {
  /// Expects the answer a client gets past a bound or while the database is away: `status` with
  /// the error `code` and `Retry-After: 1`, so it comes back shortly instead of hanging on.
  func expectRetryLater(
    _ status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(self.status == status, sourceLocation: sourceLocation)
    #expect(errorCode == code, sourceLocation: sourceLocation)
    #expect(headers["retry-after"] == "1", sourceLocation: sourceLocation)
  }
}
