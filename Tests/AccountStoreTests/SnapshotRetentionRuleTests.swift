import AccountModel
import AccountStore
import Foundation
import Testing

/// A prune policy is checked where it is defined, so no front end can send the store one that
/// keeps nothing or names no limit.
@Suite("Snapshot retention rules")
struct SnapshotRetentionRuleTests {
  @Test(arguments: [0, -1, Int.min])
  func keepingFewerThanOneIsRefused(_ keepLast: Int) {
    #expect(throws: FieldError.self) { try SnapshotRetention(keepLast: keepLast) }
  }

  @Test func aPolicyWithoutALimitIsRefused() {
    #expect(throws: FieldError.self) { try SnapshotRetention() }
  }

  @Test func eitherLimitAloneIsAPolicy() throws {
    #expect(try SnapshotRetention(keepLast: 1).keepLast == 1)
    let cutoff = Date(timeIntervalSince1970: 0)
    #expect(try SnapshotRetention(keepSince: cutoff).keepSince == cutoff)
  }
}
