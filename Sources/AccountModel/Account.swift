import Foundation

/// One bank account as stored: a row of the owner's "내 계좌" screen.
public struct Account: Hashable, Sendable {
  public var id: Int64
  public var ownerID: String
  /// 1 to 100 characters.
  public var name: String
  /// A short slug such as `checking` or `savings`; layouts may group accounts by it.
  public var kind: String
  public var balance: Money
  /// Display order within the owner's accounts; among accounts at the same position, the one
  /// placed there most recently comes first, so placing an account at P puts it before every
  /// account already at P.
  public var position: Int32
  public var hidden: Bool
  /// Incremented by every change; an update may name the version it expects.
  public var version: Int64
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: Int64, ownerID: String, name: String, kind: String, balance: Money, position: Int32,
    hidden: Bool, version: Int64, createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.kind = kind
    self.balance = balance
    self.position = position
    self.hidden = hidden
    self.version = version
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
