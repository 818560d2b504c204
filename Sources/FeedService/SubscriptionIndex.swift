import AccountModel

/// The open subscriptions of `FeedEvents`, filed by scope, so a notification for an owner
/// touches only that owner's subscriptions (and the any-owner ones) and a close touches only
/// its own entry: with 20,000 live streams in a process, neither walks the other streams.
/// Waking everyone (after a reconnection) is the one path that visits them all.
///
/// An owner with no subscription left is forgotten, so the owners kept are exactly the
/// subscribed ones. Generic over what it files, so its rules can be checked without a database.
/// Not thread-safe: `FeedEvents` keeps it behind its lock.
struct SubscriptionIndex<Subscription> {
  private var byScope: [OwnerScope: [UInt64: Subscription]] = [:]
  /// How many subscriptions are filed, over every scope.
  private(set) var count = 0

  /// Files `subscription` under `scope`; `id` must be new.
  mutating func insert(_ subscription: Subscription, id: UInt64, in scope: OwnerScope) {
    byScope[scope, default: [:]][id] = subscription
    count += 1
  }

  /// Forgets the subscription `id` filed under `scope`, and the scope once it has none left.
  /// An id not filed there (already removed, say) changes nothing.
  mutating func remove(id: UInt64, in scope: OwnerScope) {
    guard byScope[scope]?.removeValue(forKey: id) != nil else { return }
    count -= 1
    if byScope[scope]?.isEmpty == true { byScope[scope] = nil }
  }

  /// The subscriptions filed under exactly `scope`: an owner's leave out the any-owner ones.
  func subscriptions(in scope: OwnerScope) -> [Subscription] {
    byScope[scope].map { Array($0.values) } ?? []
  }

  /// Whether any subscription is filed under `scope`.
  func isSubscribed(_ scope: OwnerScope) -> Bool {
    byScope[scope] != nil
  }

  /// Every subscription of every scope.
  var all: [Subscription] {
    byScope.values.flatMap(\.values)
  }
}
