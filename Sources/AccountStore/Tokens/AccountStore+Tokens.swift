import AccountModel
import Foundation
import Postgres

/// Bearer tokens, kept as the SHA-256 of their secret: the store never sees a secret, so none
/// can leak from it, its logs or its errors. Hashing is the caller's (the service's) job.
extension AccountStore {
  /// Records a token for `owner` whose secret hashes to `secretSHA256` (64 lowercase hex
  /// digits). An owner outside `scope` is reported missing, as every scoped write reports it.
  public func addToken(owner id: String, label: String?, secretSHA256: String, in scope: OwnerScope)
    throws(AccountStoreError) -> TokenInfo
  {
    do {
      try FieldRules.ownerID(id)
      if let label { try FieldRules.tokenLabel(label) }
    } catch {
      throw AccountStoreError(error)
    }
    guard scope.contains(id) else { throw .notFound(ChangeApplier.name(.owner(id), in: scope)) }
    let rows = try tokenQuery {
      try connection.query(
        """
        INSERT INTO access_tokens (owner_id, label, secret_sha256)
        SELECT id, \(label), \(secretSHA256) FROM owners WHERE id = \(id)
        RETURNING \(sql: .tokenColumns)
        """)
    }
    guard let row = rows.first else { throw .notFound("owner '\(id)'") }
    return try tokenQuery { try TokenInfo(row: row) }
  }

  /// The tokens inside `scope`, revoked ones included, oldest first.
  public func tokens(in scope: OwnerScope) throws(AccountStoreError) -> [TokenInfo] {
    if let owner = scope.ownerID { _ = try self.owner(owner) }
    return try tokenQuery {
      try connection.query(
        """
        SELECT \(sql: .tokenColumns) FROM access_tokens
        WHERE \(scope.ownerID)::text IS NULL OR owner_id = \(scope.ownerID)
        ORDER BY owner_id, id
        """
      ).map(TokenInfo.init)
    }
  }

  /// Revokes the token, when it exists inside `scope`, and returns it. Revoking a revoked token
  /// changes nothing (its `revokedAt` stays the first revocation's) and is not an error: the
  /// caller wanted it revoked, and it is.
  public func revokeToken(_ id: Int64, in scope: OwnerScope) throws(AccountStoreError)
    -> TokenInfo
  {
    do { try FieldRules.id(id, of: "token") } catch { throw AccountStoreError(error) }
    let missing = scope.ownerID.map { "token \(id) of owner '\($0)'" } ?? "token \(id)"
    return try tokenQuery {
      try connection.transaction { tx in
        guard
          let row = try tx.query(
            """
            SELECT \(sql: .tokenColumns) FROM access_tokens
            WHERE id = \(id) AND (\(scope.ownerID)::text IS NULL OR owner_id = \(scope.ownerID))
            FOR UPDATE
            """
          ).first
        else { throw AccountStoreError.notFound(missing) }
        let token = try TokenInfo(row: row)
        if token.isRevoked { return token }
        return try TokenInfo(
          row: try tx.query(
            """
            UPDATE access_tokens SET revoked_at = now() WHERE id = \(id)
            RETURNING \(sql: .tokenColumns)
            """
          ).single())
      }
    }
  }

  /// The owner of the unrevoked token whose secret hashes to `secretSHA256`, or nil.
  public func tokenOwner(secretSHA256: String) throws(AccountStoreError) -> String? {
    try tokenQuery {
      try connection.query(
        """
        SELECT owner_id FROM access_tokens
        WHERE secret_sha256 = \(secretSHA256) AND revoked_at IS NULL
        """
      ).first?.decode("owner_id", as: String.self)
    }
  }

  private func tokenQuery<T>(_ body: () throws -> T) throws(AccountStoreError) -> T {
    do {
      return try body()
    } catch {
      throw AccountStoreError(error)
    }
  }
}
