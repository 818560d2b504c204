import AccountStore

/// A change of a batch that the store refused, named the way the batch's own checks name it:
/// by its 1-based number and its op (`change 2 (account.update): …`).
public struct BatchChangeError: Error, Equatable, Sendable, CustomStringConvertible {
  public let number: Int
  public let op: String
  /// What the store said of that change alone; front ends classify the error by it.
  public let reason: AccountStoreError

  public var description: String { "change \(number) (\(op)): \(reason)" }
}
