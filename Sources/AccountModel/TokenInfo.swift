import Foundation

/// A bearer token as it may be shown: everything but its secret, which is never stored.
///
/// A token acts for exactly one owner; the owner of a request comes from its token, never from
/// the request.
public struct TokenInfo: Hashable, Sendable {
  public var id: Int64
  public var ownerID: String
  /// What the person who made it called it (e.g. the phone it was given to); optional.
  public var label: String?
  public var createdAt: Date
  /// When it stopped opening the feed; nil while it still does.
  public var revokedAt: Date?

  public init(id: Int64, ownerID: String, label: String?, createdAt: Date, revokedAt: Date?) {
    self.id = id
    self.ownerID = ownerID
    self.label = label
    self.createdAt = createdAt
    self.revokedAt = revokedAt
  }

  /// Whether the token still authenticates.
  public var isRevoked: Bool { revokedAt != nil }
}
