extension FeedServiceError {
  /// What kind of failure it is: the one classification every front end maps from. Kinds that
  /// one front end answers alike stay apart when another needs them apart — a database that
  /// cannot be reached is a 503 like a busy pool, but a phone is never told where the database
  /// is; an unknown screen is a missing resource to a phone and a usage error to a person.
  public enum Kind: Sendable, CaseIterable {
    /// A request, argument, field value, reference, batch or feed file is wrong.
    case invalidInput
    /// The screen named is not in the catalog.
    case unknownScreen
    /// A feed document, a layout or a document's ids break their rules: the caller's input when
    /// it gave them (a file to compare), the server's own fault when it serves them.
    case malformedDocument
    /// The database settings (connection string, `PG*` variables) cannot be used.
    case misconfigured
    /// The owner, account, notice, snapshot or item named does not exist.
    case notFound
    /// The thing to add exists already.
    case exists
    /// The row changed since the caller read it (an expected version did not match).
    case conflict
    /// The bearer token is missing, malformed, unknown or revoked.
    case unauthorized
    /// The client's document is not one the service knows: it must fetch the whole feed.
    case refetch
    /// The service cannot serve now (every connection busy, a migration missing); retry later.
    case unavailable
    /// The database cannot be reached.
    case unreachable
    /// The database's schema is not this program's: never migrated, or its migrations disagree.
    case notMigrated
    /// The embedded PostgreSQL could not be set up or started.
    case embedded
    /// A failure no rule explains: a bug, stored data that is damaged, a database error.
    case `internal`
  }
}
