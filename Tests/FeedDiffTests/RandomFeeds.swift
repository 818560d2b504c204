import AccountFeedTestSupport
import FeedComponents

/// Random pairs of feeds for the property tests, covering every kind of change: the shared
/// seeded generator's documents (`RandomDocuments`: case `n` picks a shape by `n % 10`, from
/// everything new to a random mix of inserts, deletes, updates and moves within and across
/// sections), each seen as the diff sees a feed — sections of items by id, an item's content
/// its node's digest, a section's content its header, footer and fields.
struct RandomFeeds {
  private var documents: RandomDocuments

  init(seed: UInt64) {
    documents = RandomDocuments(seed: seed)
  }

  mutating func pair(case n: Int) throws -> (old: [Group], new: [Group]) {
    let (base, target) = try documents.pair(case: n)
    return (Self.feed(of: base), Self.feed(of: target))
  }

  private static func feed(of document: FeedDocument) -> [Group] {
    document.sections.map { section in
      let parts = [
        section.header?.digest ?? "-", section.footer?.digest ?? "-",
        String(
          decoding: CanonicalJSONWriter().data(.object(section.additionalFields)), as: UTF8.self),
      ]
      return Group(
        section.id, title: parts.joined(separator: " "),
        section.items.map { Item($0.id, $0.digest) })
    }
  }
}
