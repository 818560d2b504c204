/// Entries kept in order of use, each with a cost in bytes, their total bounded by `capacity`:
/// inserting past the bound evicts the least recently used first. Every operation is O(1) — a
/// hash lookup and a few links of a doubly linked list kept in an array — so a cache in front
/// of every request never sorts or scans.
///
/// Not thread-safe: its users (the served cache, the gzipped bodies) keep it behind a lock.
public struct LeastRecentlyUsed<Key: Hashable, Value> {
  private struct Node {
    let key: Key
    var value: Value
    var cost: Int
    /// The slots of the neighbours: towards the least recent and the most recent (-1: none).
    var older: Int
    var newer: Int
  }

  /// The most bytes the entries may cost together.
  public let capacity: Int
  /// What the entries cost together now; at most `capacity`.
  public private(set) var bytes = 0
  private var slots: [Node?] = []
  private var free: [Int] = []
  private var index: [Key: Int] = [:]
  private var newest = -1
  private var oldest = -1

  public init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// How many entries are kept.
  public var count: Int { index.count }

  /// The value kept for `key`, which becomes the most recently used.
  public mutating func use(_ key: Key) -> Value? {
    guard let slot = index[key] else { return nil }
    unlink(slot)
    link(slot)
    return slots[slot]?.value
  }

  /// The value kept for `key`, leaving the order as it is.
  public func peek(_ key: Key) -> Value? {
    index[key].flatMap { slots[$0]?.value }
  }

  /// Keeps `value` for `key` as the most recently used, replacing what was kept, and evicts the
  /// least recently used others until the total fits, handing each to `evicted`. A value
  /// costing more than `capacity` is not kept (nor is what it would have replaced): false.
  @discardableResult
  public mutating func insert(
    _ value: Value, for key: Key, cost: Int, evicted: (Key, Value) -> Void
  ) -> Bool {
    if let slot = index[key] { remove(slot) }
    guard cost <= capacity else { return false }
    while bytes + cost > capacity, oldest >= 0, let node = slots[oldest] {
      remove(oldest)
      evicted(node.key, node.value)
    }
    let node = Node(key: key, value: value, cost: cost, older: -1, newer: -1)
    let slot: Int
    if let reused = free.popLast() {
      slot = reused
      slots[slot] = node
    } else {
      slot = slots.count
      slots.append(node)
    }
    index[key] = slot
    bytes += cost
    link(slot)
    return true
  }

  /// Forgets what is kept for `key`, returning it.
  @discardableResult
  public mutating func remove(_ key: Key) -> Value? {
    guard let slot = index[key], let node = slots[slot] else { return nil }
    remove(slot)
    return node.value
  }

  /// Forgets everything.
  public mutating func removeAll() {
    self = LeastRecentlyUsed(capacity: capacity)
  }

  private mutating func remove(_ slot: Int) {
    guard let node = slots[slot] else { return }
    unlink(slot)
    index[node.key] = nil
    bytes -= node.cost
    slots[slot] = nil
    free.append(slot)
  }

  /// Makes `slot` the most recent.
  private mutating func link(_ slot: Int) {
    slots[slot]?.older = newest
    slots[slot]?.newer = -1
    if newest >= 0 { slots[newest]?.newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
  }

  /// Takes `slot` out of the order, joining its neighbours.
  private mutating func unlink(_ slot: Int) {
    guard let node = slots[slot] else { return }
    if node.older >= 0 { slots[node.older]?.newer = node.newer } else { oldest = node.newer }
    if node.newer >= 0 { slots[node.newer]?.older = node.older } else { newest = node.older }
  }
}
