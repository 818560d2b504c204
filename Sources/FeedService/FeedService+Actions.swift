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
    let change: StoreChange
    let name: String
    switch action {
    case .dismissNotice(let id):
      change = .dismissNotice(id: id)
      name = "dismiss_notice"
    case .setAccountVisibility(let id, let visible):
      change = .updateAccount(id: id, AccountUpdate(hidden: !visible))
      name = VisibilityAction.name
    }
    do {
      try apply([change], in: scope, reason: "action \(name) \(action.itemID)")
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
