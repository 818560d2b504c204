/// An identifier that occurs twice in one feed.
///
/// Pairing by identifier is only sound when identifiers are unique, so the diff refuses such a
/// feed instead of pairing one of the copies silently.
public struct DuplicateIdentifierError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which of the two diffed feeds holds the duplicate.
  public enum Feed: String, Hashable, Sendable {
    case source = "old"
    case target = "new"
  }

  /// The repeated identifier, as text.
  public var identifier: String
  /// The section of the second occurrence, for an element; nil when a section id repeats.
  public var section: String?
  /// The section of the first occurrence, for an element.
  public var firstSection: String?
  public var feed: Feed

  public init(identifier: String, section: String?, firstSection: String?, feed: Feed) {
    self.identifier = identifier
    self.section = section
    self.firstSection = firstSection
    self.feed = feed
  }

  public var description: String {
    guard let section else {
      return "The \(feed.rawValue) feed has two sections with the id \"\(identifier)\"."
    }
    let first = firstSection.map { $0 == section ? "" : " (first seen in section \"\($0)\")" }
    return
      "The \(feed.rawValue) feed has the item id \"\(identifier)\" twice, in section "
      + "\"\(section)\"\(first ?? "")."
  }
}
