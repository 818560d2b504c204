import FeedDiff

/// An item whose content changed: `reloadItems(at: [from])`, which UIKit carries out as a delete
/// at `from` and an insert at `to`.
public struct ItemReload: Sendable, Hashable {
  public let id: String
  /// The id of the section it stands in.
  public let sectionID: String
  /// The path before the batch, the one to pass to `reloadItems(at:)`.
  public let from: ElementPath
  /// Where UIKit puts the reloaded item after the batch.
  public let to: ElementPath

  public init(id: String, sectionID: String, from: ElementPath, to: ElementPath) {
    self.id = id
    self.sectionID = sectionID
    self.from = from
    self.to = to
  }
}
