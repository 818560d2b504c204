import FeedComponents

/// What a page should show for a document: sections with their header, item and footer ids in
/// order, compared with what a page's DOM holds.
struct ScreenFeed: Decodable, Equatable, CustomStringConvertible {
  struct Section: Decodable, Equatable {
    var id: String
    var header: String?
    var footer: String?
    var items: [String]
  }
  var sections: [Section]

  init(_ document: FeedDocument) {
    sections = document.sections.map {
      Section(id: $0.id, header: $0.header?.id, footer: $0.footer?.id, items: $0.items.map(\.id))
    }
  }

  init(from decoder: any Decoder) throws {
    sections = try [Section](from: decoder)
  }

  var description: String {
    sections.map {
      "\($0.id)[\($0.header ?? "-")|\($0.items.joined(separator: ","))|\($0.footer ?? "-")]"
    }
    .joined(separator: " ")
  }
}
