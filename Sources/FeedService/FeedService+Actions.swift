import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents

/// Actions a phone takes from its document, applied for the owner its token names.
extension FeedService {
  /// Performs `action` for the scope's owner and returns the owner's new document. An item
  /// that is not the owner's (missing, or another owner's) is `FeedServiceError.notFound`,
  /// worded the same either way; a dismissal already made changes nothing and is no error.
  @discardableResult
  public func perform(_ action: FeedAction, in scope: OwnerScope) throws -> FeedDocument {
    let owner = try Self.owner(of: scope)
    _ = try refusingForeignItems(action, owner: owner) {
      try apply([action.change], in: scope, reason: action.reason)
    }
    return try servedDocument(in: scope)
  }

  /// Performs `action` once per owner and `idempotencyKey`, however often a phone retries it
  /// and on whichever server: the key is claimed in the action's own transaction
  /// (`AccountStore.apply(_:in:claim:…)`), and a retry applies nothing and is answered with the
  /// digest the first request was (the document it led to). The same key with another action is
  /// `.conflict`. A refused action claims nothing, so its retry is tried again.
  ///
  /// A key is 1 to 255 visible ASCII characters (`.invalidInput` otherwise) and is remembered
  /// for `IdempotencyClaim.retentionHours`. Returns the digest to answer with.
  public func perform(_ action: FeedAction, in scope: OwnerScope, idempotencyKey key: String)
    throws -> String
  {
    let owner = try Self.owner(of: scope)
    guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      throw FeedServiceError.invalidInput(
        "an Idempotency-Key is 1 to 255 visible ASCII characters")
    }
    let claim = IdempotencyClaim(
      ownerID: owner, key: key, fingerprint: SHA256.hexDigest(of: Array(action.fingerprint.utf8)))
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    let reason = action.reason
    let outcome = try refusingForeignItems(action, owner: owner) {
      defer { invalidate(scope, removingOwners: false) }
      return try withStore { store in
        try store.apply(
          [action.change], in: scope, claim: claim,
          snapshot: { rows in
            try assembler.snapshotContent(for: rows, reason: reason, renderer: fingerprint)
          },
          patcher: FeedPatcher(assembler: assembler, fingerprint: fingerprint, reason: reason))
      }
    }
    switch outcome {
    case .replayed(let used, _) where used != claim.fingerprint:
      throw FeedServiceError(
        .conflict, "the Idempotency-Key '\(key)' was used for another action; use a new key")
    case .replayed(_, let digest?):
      return digest
    case .replayed, .applied:
      // Applied now, or applied by a request that has committed but not yet recorded its
      // answer: the answer is the document as it is now.
      let digest = try servedDocument(in: scope).digest
      if case .applied = outcome {
        try withStore { try $0.recordIdempotentAnswer(claim, digest: digest) }
      }
      return digest
    }
  }

  /// Runs `body` (which applies `action`), wording a refusal of the store's for the phone.
  private func refusingForeignItems<Result>(
    _ action: FeedAction, owner: String, _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch let error as AccountStoreError {
      switch error.reason {
      case .notFound:
        throw FeedServiceError.notFound(
          "\(action.itemID) is not in the feed of owner '\(owner)'")
      case .notAllowed(let message):
        throw FeedServiceError.invalidInput(message)
      default:
        throw error.reason
      }
    }
  }
}

extension FeedAction {
  /// The store change the action makes.
  fileprivate var change: StoreChange {
    switch self {
    case .dismissNotice(let id): .dismissNotice(id: id)
    case .setAccountVisibility(let id, let visible):
      .updateAccount(id: id, AccountUpdate(hidden: !visible))
    }
  }

  /// The snapshot's reason: the action's name and item.
  fileprivate var reason: String {
    switch self {
    case .dismissNotice: "action dismiss_notice \(itemID)"
    case .setAccountVisibility: "action \(VisibilityAction.name) \(itemID)"
    }
  }

  /// The action whole, state included: what an idempotency key's fingerprint is taken of, so
  /// two actions with one fingerprint are the same action.
  fileprivate var fingerprint: String {
    switch self {
    case .dismissNotice: reason
    case .setAccountVisibility(_, let visible): "\(reason) \(visible ? "on" : "off")"
    }
  }
}
