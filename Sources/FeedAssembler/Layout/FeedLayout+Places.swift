import AccountModel

extension FeedLayout {
  /// Whether `change` leaves every account where the layout puts it and shown or hidden as it
  /// was, so every account section keeps its items in their order and only the changed rows'
  /// items differ. The layout places accounts by position, groups them by kind and leaves the
  /// hidden ones out, so a change to any of those moves accounts; a name or a balance is drawn
  /// inside an account's own item. Notices may change freely: their section is small and drawn
  /// whole. A write whose every change keeps places can be drawn over the feed before it
  /// (`SnapshotPatcher`).
  public func keepsPlaces(_ change: StoreChange) -> Bool {
    switch change {
    case .adjustBalance, .addNotice, .updateNotice, .dismissNotice, .removeNotice: true
    case .updateAccount(_, let update):
      update.position == nil && update.hidden == nil && update.kind == nil
    case .addOwner, .renameOwner, .removeOwner, .addAccount, .removeAccount: false
    }
  }
}
