/// A section whose shell (header, footer) changed: `reloadSections([from])`, which UIKit carries
/// out as a delete at `from` and an insert at `to`.
public struct SectionReload: Sendable, Hashable {
  public let id: String
  /// The index before the batch, the one to pass to `reloadSections`.
  public let from: Int
  /// Where UIKit puts the reloaded section after the batch.
  public let to: Int

  public init(id: String, from: Int, to: Int) {
    self.id = id
    self.from = from
    self.to = to
  }
}
