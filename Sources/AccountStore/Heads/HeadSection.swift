/// One section of a `FeedHead`: what a `StoredSection` is without its items, which stay in the
/// database (`feed_head_items`) so a write never reads a long section back.
public struct HeadSection: Hashable, Sendable {
  public var id: String
  /// The section without items and digest, as JSON text (header and footer included).
  public var shell: String
  public var digest: String

  public init(id: String, shell: String, digest: String) {
    self.id = id
    self.shell = shell
    self.digest = digest
  }
}
