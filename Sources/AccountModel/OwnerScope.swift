/// Whose rows a call may read or change.
///
/// Every read by id and every write of the store takes one, so the rule "a request for owner X
/// never touches another owner's rows" is enforced once, below every front end: a row of another
/// owner looks exactly as if it did not exist.
public enum OwnerScope: Hashable, Sendable {
  /// Any owner's rows: an operator's tool with no owner chosen.
  case anyOwner
  /// Only this owner's rows: a phone's token, or `feedctl --owner`.
  case owner(String)

  /// Whether a row of `ownerID` is inside the scope.
  public func contains(_ ownerID: String) -> Bool {
    switch self {
    case .anyOwner: true
    case .owner(let id): id == ownerID
    }
  }

  /// The owner, when the scope is one owner's.
  public var ownerID: String? {
    switch self {
    case .anyOwner: nil
    case .owner(let id): id
    }
  }
}
