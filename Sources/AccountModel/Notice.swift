import FeedVocabulary
import Foundation

/// A message shown above the accounts, such as "계좌를 누르면 거래 내역을 확인할 수 있어요."
public struct Notice: Hashable, Sendable {
  public var id: Int64
  public var ownerID: String
  /// 1 to 500 characters.
  public var message: String
  public var severity: NoticeSeverity
  /// Whether the person may dismiss it.
  public var dismissible: Bool
  /// The notice is shown from `activeFrom` (inclusive) until `activeUntil` (exclusive); nil
  /// leaves that side open.
  public var activeFrom: Date?
  public var activeUntil: Date?
  /// Display order within the owner's notices, as for `Account.position`.
  public var position: Int32
  public var dismissedAt: Date?
  public var version: Int64
  public var createdAt: Date
  public var updatedAt: Date

  /// Whether the notice belongs on the screen at `time`: not dismissed and inside its window.
  public func isShown(at time: Date) -> Bool {
    dismissedAt == nil && (activeFrom.map { $0 <= time } ?? true)
      && (activeUntil.map { time < $0 } ?? true)
  }

  public init(
    id: Int64, ownerID: String, message: String, severity: NoticeSeverity, dismissible: Bool,
    activeFrom: Date?, activeUntil: Date?, position: Int32,
    dismissedAt: Date?, version: Int64, createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.ownerID = ownerID
    self.message = message
    self.severity = severity
    self.dismissible = dismissible
    self.activeFrom = activeFrom
    self.activeUntil = activeUntil
    self.position = position
    self.dismissedAt = dismissedAt
    self.version = version
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
