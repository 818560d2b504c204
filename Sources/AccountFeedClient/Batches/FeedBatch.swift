import FeedComponents
import FeedDiff

/// One `performBatchUpdates`: the changes in UIKit's index spaces, each with its ids, and the
/// sections the data source must answer with once the batch starts.
///
/// Deletes, reloads and move sources are indices before the batch; inserts and move targets
/// after it. A reload is what UIKit really does with one: a delete at `from` and an insert at
/// `to`, computed from the batch's deletes and inserts alone (not its moves). The server's
/// stages never let a reload collide with a move, and the client checks that every reload lands
/// on its own item before it hands a batch out.
public struct FeedBatch: Sendable, Equatable {
  /// The feed after the batch: set it as the data source's model inside the update block.
  public let sections: [SectionNode]
  public let sectionDeletes: [SectionChange<String>]
  public let sectionInserts: [SectionChange<String>]
  public let sectionReloads: [SectionReload]
  public let sectionMoves: [SectionMove<String>]
  public let itemDeletes: [ElementChange<String, String>]
  public let itemInserts: [ElementChange<String, String>]
  public let itemReloads: [ItemReload]
  public let itemMoves: [ElementMove<String, String>]

  public init(
    sections: [SectionNode], sectionDeletes: [SectionChange<String>] = [],
    sectionInserts: [SectionChange<String>] = [], sectionReloads: [SectionReload] = [],
    sectionMoves: [SectionMove<String>] = [], itemDeletes: [ElementChange<String, String>] = [],
    itemInserts: [ElementChange<String, String>] = [], itemReloads: [ItemReload] = [],
    itemMoves: [ElementMove<String, String>] = []
  ) {
    self.sections = sections
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionReloads = sectionReloads
    self.sectionMoves = sectionMoves
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemReloads = itemReloads
    self.itemMoves = itemMoves
  }
}
