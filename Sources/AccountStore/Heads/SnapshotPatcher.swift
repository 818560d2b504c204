import AccountModel

/// Draws a write's snapshot from only what the write changed, over the screen's `FeedHead`.
///
/// The patcher knows the layout: the store asks it which changes leave every account where it
/// stands, reads the rows a write of only such changes changed, and asks it for the patch; the
/// patcher says which sections hold those rows. A nil patch sends the write down the
/// whole-feed path, which is always correct, only slower.
public protocol SnapshotPatcher: Sendable {
  /// Names the layout and formatting that draw the feed: a head drawn by another is not
  /// patched (a changed layout file redraws the whole feed on the next write).
  var fingerprint: String { get }

  /// Whether `change` leaves every account where the layout shows it, so a write of such
  /// changes alone can be patched.
  func keepsPlaces(_ change: StoreChange) -> Bool

  func patch(_ rows: ChangedRows, over head: FeedHead) throws -> SnapshotPatch?
}
