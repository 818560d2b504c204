import AccountModel
import FeedComponents
import Foundation

/// Turns one owner's rows into the feed document the phone draws, as the layout says.
///
/// Assembly is a pure function of the rows, the layout and the render environment: the same rows
/// give byte-identical JSON in every process, and every id comes from a row key — `account/<id>`,
/// `notice/<id>`, `total/<currency>`, sections `title`, `notices`, `total`, `accounts` (or
/// `accounts/<kind>` when grouped), headers `title/<section id>` — so editing one account changes
/// that account's item (and a total, if shown) and nothing else.
public struct FeedAssembler: Sendable {
  public let layout: FeedLayout
  public let environment: RenderEnvironment
  public let formatter: MoneyFormatter
  public init(
    layout: FeedLayout = .default,
    environment: RenderEnvironment = RenderEnvironment(),
    formatter: MoneyFormatter = MoneyFormatter()
  ) {
    self.layout = layout
    self.environment = environment
    self.formatter = formatter
  }

  /// The rendered document for `rows`. It carries no snapshot number: equal rows give equal bytes,
  /// so its digest changes exactly when the screen does (a notice's window opening or closing
  /// included, since `rows.readAt` decides what is shown), and a snapshot of an unchanged feed is
  /// the live document byte for byte.
  ///
  /// It takes the rows, and lets them go before rendering: the components hold what they draw,
  /// and each goes once drawn, so a large feed's rows, components and document are never all
  /// held at once.
  public func assemble(_ rows: consuming FeedRows) throws(FeedDocumentError) -> FeedDocument {
    let feed = feed(for: rows)
    _ = consume rows
    return try (consume feed).render(environment: environment)
  }

  /// The feed before rendering, for callers that want the components themselves.
  public func feed(for rows: FeedRows) -> Feed {
    var sections: [Section] = []
    if let title = layout.title {
      sections.append(
        Section(id: "title") { SectionHeaderComponent(id: "title/screen", text: title) })
    }
    let shown = shownAccounts(rows)
    for section in layout.sections {
      switch section {
      case .notices(let notices): sections += noticeSections(rows.notices, at: rows.readAt, notices)
      case .total(let total): sections += totalSections(CurrencyTotal.totals(of: shown), total)
      case .accounts(let accounts):
        sections += accountSections(shown, owner: rows.owner.id, accounts)
      case .visibility(let visibility): sections += visibilitySections(rows, visibility)
      }
    }
    return Feed(owner: rows.owner.id, sections: sections)
  }

  // MARK: Notices

  func noticeSections(_ notices: [Notice], at readAt: Date, _ layout: NoticesLayout) -> [Section] {
    let shown = notices.filter { notice in
      (notice.dismissedAt == nil || layout.showDismissed)
        && (Self.isActive(notice, at: readAt) || layout.showInactive)
    }
    guard !shown.isEmpty else { return [] }
    return [
      Section(id: "notices", header: header("notices", layout.title)) {
        For(of: shown) { notice in
          if notice.dismissible && notice.dismissedAt == nil {
            NoticeComponent(notice: notice).onDismiss(.dismissNotice(id: "notice/\(notice.id)"))
          } else {
            NoticeComponent(notice: notice)
          }
        }
      }
    ]
  }

  /// Whether `readAt` lies in the notice's window, whatever its dismissal.
  private static func isActive(_ notice: Notice, at readAt: Date) -> Bool {
    (notice.activeFrom.map { $0 <= readAt } ?? true)
      && (notice.activeUntil.map { readAt < $0 } ?? true)
  }

  // MARK: Total

  func totalSections(_ totals: [CurrencyTotal], _ layout: TotalLayout) -> [Section] {
    guard !totals.isEmpty else { return [] }
    return [
      Section(id: "total", header: header("total", layout.title)) {
        For(of: totals) { total in
          TotalComponent(
            total: total, label: layout.label.filled(["currency": total.currency.code]),
            overflowValue: layout.overflowValue, formatter: formatter)
        }
      }
    ]
  }

  // MARK: Accounts

  /// The accounts every section shows: all of them, or the ones not hidden. The total adds up
  /// exactly the rows on the screen.
  private func shownAccounts(_ rows: FeedRows) -> [Account] {
    // Filtering copies the list even when it keeps every account, as it mostly does: a copy
    // of 100,000 accounts was the largest thing a long feed's assembly held.
    showsHidden || !rows.accounts.contains(where: \.hidden)
      ? rows.accounts : rows.accounts.filter { !$0.hidden }
  }

  /// Whether the layout lists hidden accounts (and so adds them to the total).
  var showsHidden: Bool {
    layout.sections.contains {
      if case .accounts(let accounts) = $0 { return accounts.showHidden }
      return false
    }
  }

  /// The id of the section that lists `account` (flat or grouped).
  func accountSectionID(_ account: Account, _ layout: AccountsLayout) -> String {
    switch layout.arrangement {
    case .flat: "accounts"
    case .grouped: Self.accountSectionID(kind: account.kind)
    }
  }

  private static func accountSectionID(kind: String) -> String {
    "accounts/\(kind)"
  }

  /// The sections listing `shown` (see `shownAccounts`), which the total shares.
  private func accountSections(_ shown: [Account], owner: String, _ layout: AccountsLayout)
    -> [Section]
  {
    guard !shown.isEmpty else {
      return [
        Section(id: "accounts", header: header("accounts", layout.title)) {
          emptyState(layout.emptyState, owner: owner)
        }
      ]
    }
    switch layout.arrangement {
    case .flat:
      return [
        Section(id: "accounts", header: header("accounts", layout.title)) {
          For(of: shown) { accountRow($0, owner: owner, layout) }
        }
      ]
    case .grouped:
      var kinds: [String] = []
      for account in shown where !kinds.contains(account.kind) { kinds.append(account.kind) }
      return kinds.map { kind in
        let id = Self.accountSectionID(kind: kind)
        return Section(id: id, header: header(id, layout.title(ofKind: kind))) {
          For(of: shown.filter { $0.kind == kind }) { accountRow($0, owner: owner, layout) }
        }
      }
    }
  }

  func accountRow(_ account: Account, owner: String, _ layout: AccountsLayout)
    -> AnyComponent
  {
    var lines: [String] = []
    if layout.subtitle == .kind { lines.append(layout.title(ofKind: account.kind)) }
    if account.hidden, let marker = layout.hiddenMarker { lines.append(marker) }
    let row = AccountRowComponent(
      account: account, subtitle: lines.isEmpty ? nil : lines.joined(separator: " · "),
      formatter: formatter)
    guard let url = layout.touchURL else { return AnyComponent(row) }
    let filled = url.filled { name in
      switch name {
      case "id": String(account.id)
      case "kind": account.kind
      case "owner": owner
      default: nil
      }
    }
    return AnyComponent(row.onTouch(.openURL(filled)))
  }

  // MARK: Visibility

  /// One switch per account, hidden ones included: the settings screen is where they come back.
  private func visibilitySections(_ rows: FeedRows, _ layout: VisibilityLayout) -> [Section] {
    guard !rows.accounts.isEmpty else { return [] }
    return [
      Section(id: "visibility", header: header("visibility", layout.title)) {
        For(of: rows.accounts) { visibilityToggle($0, layout) }
      }
    ]
  }

  func visibilityToggle(_ account: Account, _ layout: VisibilityLayout) -> AnyComponent {
    AnyComponent(
      VisibilityToggleComponent(
        account: account, shownText: layout.shownText, hiddenText: layout.hiddenText
      )
      .onToggle(VisibilityAction(accountID: account.id).action))
  }

  private func emptyState(_ layout: EmptyStateLayout, owner: String) -> AnyComponent {
    let component = EmptyStateComponent(
      id: "empty/accounts", message: layout.message, buttonTitle: layout.button?.title)
    guard let button = layout.button else { return AnyComponent(component) }
    return AnyComponent(component.onButton(.openURL(button.url.filled(["owner": owner]))))
  }

  private func header(_ sectionID: String, _ text: String?) -> AnyComponent? {
    text.map { AnyComponent(SectionHeaderComponent(id: "title/\(sectionID)", text: $0)) }
  }
}
