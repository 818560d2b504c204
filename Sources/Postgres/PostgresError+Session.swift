extension PostgresError {
  /// Whether the connection that reported this error is gone: it could not reach the server,
  /// lost it, or the server ended the session (class 08, or an administrator's or a crash's
  /// shutdown). A pool drops such a connection instead of lending it again.
  public var endsTheSession: Bool {
    kind == .connection || ConnectionHandle.endsTheSession(sqlState: sqlState)
  }
}
