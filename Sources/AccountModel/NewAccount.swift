/// An account to add.
public struct NewAccount: Hashable, Sendable {
  public var name: String
  public var kind: String
  public var balance: Money
  /// P places it after the owner's accounts below P and before every account at P or above;
  /// nil places it after the owner's other accounts.
  public var position: Int32?
  public var hidden: Bool

  public init(
    name: String, kind: String = "checking", balance: Money, position: Int32? = nil,
    hidden: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.balance = balance
    self.position = position
    self.hidden = hidden
  }
}
