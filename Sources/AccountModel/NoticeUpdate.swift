import FeedVocabulary
import Foundation

/// Changes to a notice; nil leaves a field as it is.
public struct NoticeUpdate: FieldUpdate, Hashable, Sendable {
  public var message: String?
  public var severity: NoticeSeverity?
  public var dismissible: Bool?
  /// `.some(nil)` opens that side of the window; nil keeps it.
  public var activeFrom: Date??
  public var activeUntil: Date??
  public var position: Int32?
  public var expectedVersion: Int64?

  public init(
    message: String? = nil, severity: NoticeSeverity? = nil, dismissible: Bool? = nil,
    activeFrom: Date?? = nil, activeUntil: Date?? = nil,
    position: Int32? = nil, expectedVersion: Int64? = nil
  ) {
    self.message = message
    self.severity = severity
    self.dismissible = dismissible
    self.activeFrom = activeFrom
    self.activeUntil = activeUntil
    self.position = position
    self.expectedVersion = expectedVersion
  }

  /// Whether the update would change anything at all.
  public var isEmpty: Bool {
    message == nil && severity == nil && dismissible == nil && activeFrom == nil
      && activeUntil == nil && position == nil
  }
}
