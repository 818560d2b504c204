/// The rule for snapshot labels, shared by the store and anything that parses references to
/// snapshots (`feedctl diff before-promo`).
///
/// A label starts with a letter and uses letters, digits, `.`, `_` and `-`, at most 64 of them,
/// so it can never be mistaken for a snapshot number; it may not end in `.json`, so it can never
/// be mistaken for a feed file either, and it may not be `live`, which names the live feed.
public enum SnapshotLabel {
  public static func isValid(_ label: String) -> Bool {
    let scalars = Array(label.unicodeScalars)
    guard (1...64).contains(scalars.count), !label.hasSuffix(".json"), label != "live",
      ("a"..."z").contains(scalars[0]) || ("A"..."Z").contains(scalars[0])
    else { return false }
    return scalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "." || $0 == "_" || $0 == "-"
    }
  }
}
