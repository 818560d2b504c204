import AccountModel
import FeedService

/// Two owners side by side: `demo` with seed 000's rows, and `carol` with one account and one
/// notice of her own. Returns the ids of demo's first account and notice.
@discardableResult
public func seedTwoOwners(_ service: FeedService) throws -> (account: Int64, notice: Int64) {
  _ = try service.seedDemo()
  try service.apply(
    [
      .addOwner(id: "carol", displayName: "Carol"),
      .addAccount(
        ownerID: "carol",
        NewAccount(name: "Carol's", balance: Money(minorUnits: 5, currency: .krw))),
      .addNotice(ownerID: "carol", NewNotice(message: "Carol's notice")),
    ], in: .owner("carol"), reason: "setup")
  let rows = try service.feedRows(owner: "demo")
  return (rows.accounts[0].id, rows.notices[0].id)
}
