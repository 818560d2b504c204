import FeedAssembler
import FeedComponents
import Foundation

extension FeedDocument {
  /// Every item id, sections in order.
  var itemIDs: [String] {
    itemsWithPlaces.map(\.item.id)
  }

  /// Each item's content digest by its id.
  var itemDigests: [String: String] {
    Dictionary(uniqueKeysWithValues: itemsWithPlaces.map { ($0.item.id, $0.item.digest) })
  }

  /// The ids of the items whose digest differs in `other` (an item only one of them has counts).
  func changedItems(in other: FeedDocument) -> [String] {
    let old = itemDigests
    let new = other.itemDigests
    return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
  }
}

/// A layout from JSON text, for tests that need something other than the default.
func layout(_ text: String) throws -> FeedLayout {
  try FeedLayout(data: Data(text.utf8), source: "test layout")
}

/// `count` spaces, for expected screens written out by hand.
func spaces(_ count: Int) -> String {
  String(repeating: " ", count: count)
}
