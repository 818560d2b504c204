import AccountModel
import AccountStore

/// Bearer tokens: how a phone proves which owner it acts for.
extension FeedService {
  /// Makes a token for `owner` and returns its secret, which is stored only as a hash and so
  /// can never be shown again. An owner outside `scope` is reported missing.
  public func createToken(owner: String, label: String?, in scope: OwnerScope) throws
    -> IssuedToken
  {
    let secret = TokenSecret.generate()
    let info = try withStore {
      try $0.addToken(
        owner: owner, label: label, secretSHA256: TokenSecret.hash(secret), in: scope)
    }
    return IssuedToken(info: info, secret: secret)
  }

  /// The tokens inside `scope`, revoked ones included: every owner's for an operator.
  public func tokens(in scope: OwnerScope) throws -> [TokenInfo] {
    try withStore { try $0.tokens(in: scope) }
  }

  /// Revokes a token inside `scope`; the next request made with it is refused. Revoking it
  /// again changes nothing.
  @discardableResult
  public func revokeToken(_ id: Int64, in scope: OwnerScope) throws -> TokenInfo {
    defer { cache.invalidateTokens() }
    return try withStore { try $0.revokeToken(id, in: scope) }
  }

  /// The scope a bearer token grants: always exactly its owner's. A missing, malformed,
  /// unknown or revoked token is `FeedServiceError.unauthorized`, whose message never repeats
  /// what was sent.
  ///
  /// A valid token is remembered by its hash (never its secret) while a `FeedEvents` listener is
  /// connected, and forgotten when any token is revoked or removed: by this service at once, by
  /// another program when its commit's notification arrives (see `ServedCache`).
  public func authenticate(bearer secret: String) throws -> OwnerScope {
    guard !secret.isEmpty else {
      throw FeedServiceError.unauthorized("a bearer token is required")
    }
    guard TokenSecret.isWellFormed(secret) else {
      throw FeedServiceError.unauthorized("the bearer token is malformed")
    }
    let hash = TokenSecret.hash(secret)
    let ticket: UInt64?
    switch cache.tokenOwner(hash: hash) {
    case .hit(let owner): return .owner(owner)
    case .miss(let missed): ticket = missed
    }
    guard let owner = try withStore({ try $0.tokenOwner(secretSHA256: hash) }) else {
      throw FeedServiceError.unauthorized("the bearer token is unknown or revoked")
    }
    if let ticket { cache.remember(tokenHash: hash, owner: owner, ticket: ticket) }
    return .owner(owner)
  }
}
