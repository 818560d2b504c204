import AccountModel
import FeedComponents

extension FeedAssembler {
  /// Whether `sectionID` names a section `part` stands for, so a caller holding a stored feed
  /// by section id knows which of its sections to keep.
  public static func section(_ sectionID: String, isPartOf part: FeedPatchPlan.Part) -> Bool {
    switch part {
    case .drawn(let section): sectionID == section.id
    case .accounts: sectionID == "accounts" || sectionID.hasPrefix("accounts/")
    case .visibility: sectionID == "visibility"
    }
  }

  /// The feed for `rows` as a patch over the feed before the write: the same sections `feed(for:)`
  /// draws from the whole rows, except that the sections listing every account are left as they
  /// stand and only the changed accounts' items are drawn. The notices and totals are drawn
  /// whole, from every notice and from the sums the database added up.
  public func patchPlan(for rows: ChangedRows) -> FeedPatchPlan {
    var parts: [FeedPatchPlan.Part] = []
    if let title = layout.title {
      parts.append(
        .drawn(Section(id: "title") { SectionHeaderComponent(id: "title/screen", text: title) }))
    }
    var items: [(sectionID: String, component: AnyComponent)] = []
    for section in layout.sections {
      switch section {
      case .notices(let notices):
        parts += noticeSections(rows.notices, at: rows.readAt, notices).map { .drawn($0) }
      case .total(let total):
        let totals = CurrencyTotal.totals(of: rows.sums, includingHidden: showsHidden)
        parts += totalSections(totals, total).map { .drawn($0) }
      case .accounts(let accounts):
        parts.append(.accounts)
        for account in rows.accounts where accounts.showHidden || !account.hidden {
          items.append(
            (
              accountSectionID(account, accounts),
              accountRow(account, owner: rows.owner.id, accounts)
            ))
        }
      case .visibility(let visibility):
        parts.append(.visibility)
        for account in rows.accounts {
          items.append(("visibility", visibilityToggle(account, visibility)))
        }
      }
    }
    return FeedPatchPlan(parts: parts, items: items)
  }
}
