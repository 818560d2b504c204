import AccountModel

/// A change that was applied and what it produced, kept together so a report can say what was
/// done ("updated notice 2") rather than guess it from the resulting row.
public struct AppliedChange: Hashable, Sendable {
  public let change: StoreChange
  public let result: StoreChangeResult

  public init(change: StoreChange, result: StoreChangeResult) {
    self.change = change
    self.result = result
  }
}
