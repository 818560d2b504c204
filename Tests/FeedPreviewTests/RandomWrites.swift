import AccountModel
import FeedService
import Foundation
import SplitMix

/// Seeded random writes to the demo owner through `FeedService`, as an operator or another
/// program would make them: accounts added, removed, renamed, re-balanced, moved within and
/// across sections (a new kind), notices changed, and notices whose window opens or closes a
/// moment later (with no write at that moment).
struct RandomWrites {
  struct Write {
    var name: String
    /// When the write's visible effect happens, for a notice window.
    var waitUntil: Date?
  }

  private var rng: SplitMix64
  private var counter = 0
  /// Notice windows take turns: one opens, the next closes.
  private var nextWindowOpens = true

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  mutating func next(service: FeedService) throws -> Write {
    let owner = "demo"
    let accounts = try service.accounts(owner: owner)
    let notices = try service.feedRows(owner: owner).notices
    let kinds = ["checking", "savings", "deposit", "investment"]
    counter += 1
    let choice = accounts.count < 2 ? 0 : rng.below(8)
    let apply = { (changes: [StoreChange], name: String) throws -> Write in
      try service.apply(changes, in: .owner(owner), reason: name)
      return Write(name: name)
    }
    let account = accounts.isEmpty ? nil : accounts[rng.below(accounts.count)]
    switch (choice, account) {
    case (1, let account?):
      return try apply([.removeAccount(id: account.id, expectedVersion: nil)], "remove")
    case (2, let account?):
      return try apply(
        [.updateAccount(id: account.id, AccountUpdate(balance: Int64(rng.below(10_000_000))))],
        "balance")
    case (3, let account?):
      return try apply(
        [.updateAccount(id: account.id, AccountUpdate(kind: kinds[rng.below(kinds.count)]))],
        "move across sections")
    case (4, let account?):
      return try apply(
        [.updateAccount(id: account.id, AccountUpdate(position: Int32(rng.below(accounts.count))))],
        "move")
    case (5, let account?):
      return try apply(
        [.updateAccount(id: account.id, AccountUpdate(name: "통장 \(counter)"))], "rename")
    case (6, _):
      let edge = Date().addingTimeInterval(1.5)
      let opens = nextWindowOpens
      nextWindowOpens.toggle()
      try service.apply(
        [
          .addNotice(
            ownerID: owner,
            NewNotice(
              message: "공지 \(counter)", severity: rng.chance(50) ? .warning : .info,
              activeFrom: opens ? edge : nil, activeUntil: opens ? nil : edge))
        ], in: .owner(owner), reason: "notice window")
      return Write(
        name: opens ? "notice window opens" : "notice window closes",
        waitUntil: edge.addingTimeInterval(0.3))
    case (7, _) where !notices.isEmpty:
      let notice = notices[rng.below(notices.count)]
      return try apply(
        [.updateNotice(id: notice.id, NoticeUpdate(message: "바뀐 공지 \(counter)"))], "notice")
    default:
      return try apply(
        [
          .addAccount(
            ownerID: owner,
            NewAccount(
              name: "새 통장 \(counter)", kind: kinds[rng.below(kinds.count)],
              balance: Money(minorUnits: Int64(rng.below(1_000_000)), currency: .krw),
              position: Int32(rng.below(accounts.count + 1))))
        ], "add")
    }
  }
}
