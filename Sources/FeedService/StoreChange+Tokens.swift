import AccountModel

extension StoreChange {
  /// Whether the change removes an owner, and with it the owner's tokens.
  var removesOwner: Bool {
    if case .removeOwner = self { return true }
    return false
  }
}
