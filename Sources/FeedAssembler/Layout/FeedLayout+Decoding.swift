import AccountModel
import FeedComponents

extension FeedLayout {
  /// Builds a layout from parsed JSON, checking every field; `source` names the file in errors.
  /// Fields left out take the defaults listed in `docs/layout.md`.
  public init(json: JSONValue, source: String) throws(FeedLayoutError) {
    var root = try LayoutObject(json, path: "", source: source)
    let title = try root.string("title")
    guard let list = root.value("sections") else {
      throw root.error(
        "sections",
        "missing; list at least one of \(SectionLayout.kindNames.joined(separator: ", "))")
    }
    guard let entries = list.arrayValue, !entries.isEmpty else {
      throw root.error("sections", "expected a non-empty array of sections")
    }
    var sections: [SectionLayout] = []
    var places: [String: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let section = try Self.section(entry, path: "sections[\(index)]", source: source)
      if let first = places[section.kindName] {
        throw FeedLayoutError(
          source: source, location: "sections[\(index)].kind",
          problem: "'\(section.kindName)' is already listed at sections[\(first)]; "
            + "each kind may appear once")
      }
      places[section.kindName] = index
      sections.append(section)
    }
    try root.rejectUnknownFields()
    self.init(title: title, sections: sections)
  }

  private static func section(
    _ json: JSONValue, path: String, source: String
  ) throws(FeedLayoutError) -> SectionLayout {
    var object = try LayoutObject(json, path: path, source: source)
    guard let kind = try object.string("kind") else {
      throw object.error(
        "kind", "missing (expected \(SectionLayout.kindNames.joined(separator: ", ")))")
    }
    let section: SectionLayout
    switch kind {
    case "notices": section = .notices(try notices(&object))
    case "total": section = .total(try total(&object))
    case "accounts": section = .accounts(try accounts(&object))
    case "visibility": section = .visibility(try visibility(&object))
    default:
      throw object.error(
        "kind",
        "unknown section kind '\(kind)' (expected \(SectionLayout.kindNames.joined(separator: ", ")))"
      )
    }
    try object.rejectUnknownFields()
    return section
  }

  private static func notices(_ object: inout LayoutObject) throws(FeedLayoutError) -> NoticesLayout
  {
    NoticesLayout(
      title: try object.string("title"),
      showDismissed: try object.bool("show_dismissed") ?? false,
      showInactive: try object.bool("show_inactive") ?? false)
  }

  private static func total(_ object: inout LayoutObject) throws(FeedLayoutError) -> TotalLayout {
    TotalLayout(
      title: try object.string("title"),
      label: try object.template("label", allowed: TotalLayout.labelPlaceholders)
        ?? Template(literal: "합계"),
      overflowValue: try object.string("overflow_value") ?? "표시할 수 없는 금액")
  }

  private static func visibility(
    _ object: inout LayoutObject
  ) throws(FeedLayoutError) -> VisibilityLayout {
    VisibilityLayout(
      title: try object.string("title"),
      shownText: try object.string("shown_text") ?? "표시",
      hiddenText: try object.string("hidden_text") ?? "숨김")
  }

  private static func accounts(
    _ object: inout LayoutObject
  ) throws(FeedLayoutError) -> AccountsLayout {
    let title = try object.string("title")
    let arrangement = try object.choice("arrangement", of: AccountsLayout.Arrangement.self) ?? .flat
    if arrangement == .grouped, title != nil {
      throw object.error(
        "title",
        "a grouped accounts section is headed by its kinds' titles (kind_titles); "
          + "remove title or use arrangement 'flat'")
    }
    let kindTitles = try object.stringMap("kind_titles") ?? [:]
    for kind in kindTitles.keys.sorted() where !AccountKind.isValid(kind) {
      throw object.error(
        "kind_titles",
        "'\(kind)' is not an account kind (1 to 32 lowercase letters, digits, '_' or '-', "
          + "starting with a letter)")
    }
    return AccountsLayout(
      title: title,
      arrangement: arrangement,
      subtitle: try object.choice("subtitle", of: AccountsLayout.Subtitle.self) ?? .kind,
      kindTitles: kindTitles,
      defaultKindTitle: try object.template(
        "default_kind_title", allowed: AccountsLayout.kindTitlePlaceholders)
        ?? Template(literal: "{kind}"),
      showHidden: try object.bool("show_hidden") ?? false,
      hiddenMarker: try object.string("hidden_marker"),
      touchURL: try object.urlTemplate("touch_url", allowed: AccountsLayout.touchPlaceholders),
      emptyState: try emptyState(&object))
  }

  private static func emptyState(
    _ parent: inout LayoutObject
  ) throws(FeedLayoutError) -> EmptyStateLayout {
    guard var object = try parent.object("empty_state") else {
      return EmptyStateLayout(message: "계좌가 없어요.")
    }
    let message = try object.string("message") ?? "계좌가 없어요."
    let buttonTitle = try object.string("button_title")
    let buttonURL = try object.urlTemplate(
      "button_url", allowed: AccountsLayout.emptyStatePlaceholders)
    try object.rejectUnknownFields()
    switch (buttonTitle, buttonURL) {
    case (let title?, let url?):
      return EmptyStateLayout(message: message, button: .init(title: title, url: url))
    case (nil, nil):
      return EmptyStateLayout(message: message)
    case (_?, nil):
      throw object.error("button_url", "missing; a button needs both button_title and button_url")
    case (nil, _?):
      throw object.error("button_title", "missing; a button needs both button_title and button_url")
    }
  }
}
