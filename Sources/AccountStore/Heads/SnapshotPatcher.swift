import AccountModel

/// Draws a write's snapshot from only what the write changed, over the screen's `FeedHead`.
///
/// The store knows which writes leave every account where it stands (`AccountStore` decides,
/// from the changes alone), reads the rows such a write changed, and asks the patcher; the
/// patcher knows the layout and says which sections hold those rows. A nil patch sends the
/// write down the whole-feed path, which is always correct, only slower.
public protocol SnapshotPatcher: Sendable {
  /// Names the layout and formatting that draw the feed: a head drawn by another is not
  /// patched (a changed layout file redraws the whole feed on the next write).
  var fingerprint: String { get }

  func patch(_ rows: ChangedRows, over head: FeedHead) throws -> SnapshotPatch?
}
