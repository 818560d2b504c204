import FeedComponents

extension ShownItem {
  /// What the page must show for `item`: each drawn prop's text under the class that draws it.
  init(expected item: ItemNode) {
    id = item.id
    type = item.type
    let classes: [String: String] =
      switch item.type {
      case "title": ["text": "c-title-text", "subtitle": "c-subtitle"]
      case "account_row": ["title": "c-title", "subtitle": "c-subtitle", "value": "c-value"]
      case "notice": ["message": "c-message", "button_title": "c-button"]
      case "summary_row": ["label": "c-label", "value": "c-value"]
      case "empty_state": ["message": "c-message", "button_title": "c-button"]
      case "toggle_row": ["title": "c-title"]
      default: [:]
      }
    var texts: [String: [String]] = [:]
    for (prop, className) in classes {
      if case .string(let text) = item.props[prop] { texts[className] = [text] }
    }
    self.texts = texts
  }

  /// Every item of `document` in screen order: each section's header, items, then footer.
  static func expected(_ document: FeedDocument) -> [ShownItem] {
    document.sections.flatMap { section in
      ([section.header] + section.items.map(Optional.some) + [section.footer]).compactMap { $0 }
        .map(ShownItem.init(expected:))
    }
  }
}
