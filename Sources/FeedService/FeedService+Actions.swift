import AccountModel
import AccountStore
import FeedComponents

/// Actions a phone takes from its document, applied for the owner its token names.
extension FeedService {
  /// Performs `action` for the scope's owner and returns the owner's new document. An item
  /// that is not the owner's (missing, or another owner's) is `FeedServiceError.notFound`,
  /// worded the same either way; a dismissal already made changes nothing and is no error.
  @discardableResult
  public func perform(_ action: FeedAction, in scope: OwnerScope) throws -> FeedDocument {
    let owner = try Self.owner(of: scope)
    let change: StoreChange
    switch action {
    case .dismissNotice(let id): change = .dismissNotice(id: id)
    }
    do {
      try apply([change], in: scope, reason: "action dismiss_notice \(action.itemID)")
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
    return try servedDocument(in: scope)
  }
}
