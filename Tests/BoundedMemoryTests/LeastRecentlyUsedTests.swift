import BoundedMemory
import Testing

/// The order and bound the served-feed cache and the gzipped bodies keep their entries by.
@Suite struct LeastRecentlyUsedTests {
  @Test func theLeastRecentlyUsedIsEvictedFirst() {
    var entries = LeastRecentlyUsed<String, Int>(capacity: 30)
    var evicted: [String] = []
    for (key, value) in [("a", 1), ("b", 2), ("c", 3)] {
      entries.insert(value, for: key, cost: 10) { key, _ in evicted.append(key) }
    }
    _ = entries.use("a")
    entries.insert(4, for: "d", cost: 20) { key, _ in evicted.append(key) }
    #expect(evicted == ["b", "c"])
    #expect(entries.peek("a") == 1)
    #expect(entries.bytes == 30)
  }

  @Test func replacingAnEntryCountsOnlyItsNewCost() {
    var entries = LeastRecentlyUsed<String, Int>(capacity: 100)
    entries.insert(1, for: "a", cost: 40) { _, _ in }
    entries.insert(2, for: "a", cost: 10) { _, _ in }
    #expect(entries.bytes == 10)
    #expect(entries.count == 1)
    #expect(entries.use("a") == 2)
  }

  @Test func anEntryCostingMoreThanTheCapacityIsRefusedAndEvictsNothing() {
    var entries = LeastRecentlyUsed<String, Int>(capacity: 10)
    entries.insert(1, for: "a", cost: 10) { _, _ in }
    let kept = entries.insert(2, for: "b", cost: 11) { _, _ in Issue.record("evicted") }
    #expect(!kept)
    #expect(entries.peek("a") == 1)
    #expect(entries.peek("b") == nil)
  }

  @Test func removedSlotsAreReusedInOrder() {
    var entries = LeastRecentlyUsed<Int, Int>(capacity: 3)
    for key in 0..<3 { entries.insert(key, for: key, cost: 1) { _, _ in } }
    entries.remove(1)
    entries.insert(9, for: 9, cost: 1) { _, _ in }
    var evicted: [Int] = []
    for key in 10..<13 { entries.insert(key, for: key, cost: 1) { key, _ in evicted.append(key) } }
    #expect(evicted == [0, 2, 9])
    #expect(entries.count == 3)
  }
}
