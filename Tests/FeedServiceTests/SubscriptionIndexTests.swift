import AccountModel
import Testing

@testable import FeedService

/// How `FeedEvents` files its open subscriptions: by scope, so a notification for an owner and a
/// close find their subscriptions without looking at anyone else's.
@Suite struct SubscriptionIndexTests {
  @Test func anOwnersSubscriptionsAreFoundUnderThatOwner() {
    var index = SubscriptionIndex<String>()
    index.insert("demo 1", id: 1, in: .owner("demo"))
    index.insert("demo 2", id: 2, in: .owner("demo"))
    index.insert("carol", id: 3, in: .owner("carol"))
    #expect(Set(index.subscriptions(in: .owner("demo"))) == ["demo 1", "demo 2"])
    #expect(index.subscriptions(in: .owner("carol")) == ["carol"])
  }

  @Test func anOwnersLookupLeavesOutTheAnyOwnerSubscriptions() {
    var index = SubscriptionIndex<String>()
    index.insert("operator", id: 1, in: .anyOwner)
    index.insert("demo", id: 2, in: .owner("demo"))
    #expect(index.subscriptions(in: .owner("demo")) == ["demo"])
    #expect(index.subscriptions(in: .anyOwner) == ["operator"])
  }

  @Test func anOwnerWithNoSubscriptionHasNone() {
    var index = SubscriptionIndex<String>()
    index.insert("demo", id: 1, in: .owner("demo"))
    #expect(index.subscriptions(in: .owner("carol")).isEmpty)
    #expect(!index.isSubscribed(.owner("carol")))
  }

  @Test func removingASubscriptionKeepsTheOwnersOthers() {
    var index = SubscriptionIndex<String>()
    index.insert("demo 1", id: 1, in: .owner("demo"))
    index.insert("demo 2", id: 2, in: .owner("demo"))
    index.remove(id: 1, in: .owner("demo"))
    #expect(index.subscriptions(in: .owner("demo")) == ["demo 2"])
    #expect(index.isSubscribed(.owner("demo")))
  }

  @Test func removingTheLastOfAnOwnersSubscriptionsForgetsTheOwner() {
    var index = SubscriptionIndex<String>()
    index.insert("demo 1", id: 1, in: .owner("demo"))
    index.insert("demo 2", id: 2, in: .owner("demo"))
    index.remove(id: 1, in: .owner("demo"))
    index.remove(id: 2, in: .owner("demo"))
    #expect(!index.isSubscribed(.owner("demo")))
    #expect(index.subscriptions(in: .owner("demo")).isEmpty)
  }

  @Test func removingTwiceChangesNothingTheSecondTime() {
    var index = SubscriptionIndex<String>()
    index.insert("demo 1", id: 1, in: .owner("demo"))
    index.insert("demo 2", id: 2, in: .owner("demo"))
    index.remove(id: 1, in: .owner("demo"))
    index.remove(id: 1, in: .owner("demo"))
    #expect(index.count == 1)
    #expect(index.subscriptions(in: .owner("demo")) == ["demo 2"])
  }

  @Test func removingAnIdUnderAnotherScopeChangesNothing() {
    var index = SubscriptionIndex<String>()
    index.insert("demo", id: 1, in: .owner("demo"))
    index.remove(id: 1, in: .owner("carol"))
    #expect(index.count == 1)
    #expect(index.subscriptions(in: .owner("demo")) == ["demo"])
  }

  @Test func allAndCountCoverEveryScope() {
    var index = SubscriptionIndex<String>()
    index.insert("operator", id: 1, in: .anyOwner)
    index.insert("demo", id: 2, in: .owner("demo"))
    index.insert("carol", id: 3, in: .owner("carol"))
    index.remove(id: 3, in: .owner("carol"))
    #expect(Set(index.all) == ["operator", "demo"])
    #expect(index.count == 2)
  }
}
