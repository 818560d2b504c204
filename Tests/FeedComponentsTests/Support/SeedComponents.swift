import FeedComponents
import FeedVocabulary

// Components in the shape of seed 000's examples, written the way FeedAssembler will write its own.

struct AccountItem {
  let id: Int
  let name: String
  let amount: String
  var kind: String?
}

struct AccountRowComponent: Component {
  typealias Content = AccountRowView

  let item: AccountItem

  var id: String { "account/\(item.id)" }

  func render(context: RenderContext, content: AccountRowView) {
    content.title = item.name
    content.subtitle = item.kind
    content.value = item.amount
  }

  func size(in proposal: SizeProposal) -> ComponentSize {
    .fixed(height: 64)
  }
}

struct NoticeComponent: Component {
  typealias Content = NoticeView

  var id = "notice/1"
  let message: String
  var severity = NoticeSeverity.info
  var buttonTitle: String?

  func render(context: RenderContext, content: NoticeView) {
    content.message = message
    content.severity = severity
    content.buttonTitle = buttonTitle
  }

  func size(in proposal: SizeProposal) -> ComponentSize {
    .estimated(height: 72)
  }
}

struct TitleComponent: Component {
  typealias Content = TitleView

  let id: String
  let text: String

  func render(context: RenderContext, content: TitleView) {
    content.text = text
  }
}

struct SummaryComponent: Component {
  typealias Content = SummaryRowView

  let id: String
  let label: String
  let value: String

  func render(context: RenderContext, content: SummaryRowView) {
    content.label = label
    content.value = value
  }
}

struct ToggleComponent: Component {
  typealias Content = ToggleRowView

  let id: String
  let title: String
  let isOn: Bool

  func render(context: RenderContext, content: ToggleRowView) {
    content.title = title
    content.isOn = isOn
  }
}

struct EmptyStateComponent: Component {
  typealias Content = EmptyStateView

  let id: String
  let message: String
  var buttonTitle: String?

  func render(context: RenderContext, content: EmptyStateView) {
    content.message = message
    content.buttonTitle = buttonTitle
  }
}

/// The three accounts of seed 000's sample screen.
let seedAccounts = [
  AccountItem(id: 1, name: "토스뱅크 통장", amount: "116,848원"),
  AccountItem(id: 2, name: "저축 통장", amount: "20,000원"),
  AccountItem(id: 3, name: "비상금", amount: "50,000원"),
]

/// Seed 000's screen: the title, the notice, and the three accounts, each opening its account.
func seedFeed(erasure: AnyComponent.Erasure = .preferred) -> Feed {
  Feed(owner: "seed") {
    Section(
      id: "accounts",
      header: AnyComponent(TitleComponent(id: "title/accounts", text: "내 계좌"))
    ) {
      NoticeComponent(id: "notice/tap-hint", message: "계좌를 누르면 거래 내역을 확인할 수 있어요.")
      For(of: seedAccounts) { account in
        AnyComponent(
          AccountRowComponent(item: account).onTouch(
            .openURL("accountfeed://accounts/\(account.id)")),
          erasure: erasure)
      }
    }
  }
}

/// The ids of a section's items, in order.
func itemIDs(_ section: Section) -> [String] {
  section.components.map(\.id)
}
