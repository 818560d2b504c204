/// Changes to an account's fields; nil leaves a field as it is.
public struct AccountUpdate: FieldUpdate, Hashable, Sendable {
  public var name: String?
  public var kind: String?
  /// A new balance in minor units (of the new currency, if that changes too).
  public var balance: Int64?
  public var currency: Currency?
  public var position: Int32?
  public var hidden: Bool?
  /// Refuse the update unless the account is still at this version.
  public var expectedVersion: Int64?

  public init(
    name: String? = nil, kind: String? = nil, balance: Int64? = nil, currency: Currency? = nil,
    position: Int32? = nil, hidden: Bool? = nil, expectedVersion: Int64? = nil
  ) {
    self.name = name
    self.kind = kind
    self.balance = balance
    self.currency = currency
    self.position = position
    self.hidden = hidden
    self.expectedVersion = expectedVersion
  }

  /// Whether the update would change anything at all.
  public var isEmpty: Bool {
    name == nil && kind == nil && balance == nil && currency == nil && position == nil
      && hidden == nil
  }
}
