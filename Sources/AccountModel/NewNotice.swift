import FeedVocabulary
import Foundation

/// A notice to add.
public struct NewNotice: Hashable, Sendable {
  public var message: String
  public var severity: NoticeSeverity
  public var dismissible: Bool
  public var activeFrom: Date?
  public var activeUntil: Date?
  /// P places it after the owner's notices below P and before every notice at P or above;
  /// nil places it after the owner's other notices.
  public var position: Int32?

  public init(
    message: String, severity: NoticeSeverity = .info, dismissible: Bool = true,
    activeFrom: Date? = nil, activeUntil: Date? = nil,
    position: Int32? = nil
  ) {
    self.message = message
    self.severity = severity
    self.dismissible = dismissible
    self.activeFrom = activeFrom
    self.activeUntil = activeUntil
    self.position = position
  }
}
