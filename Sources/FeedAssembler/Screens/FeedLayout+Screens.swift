extension FeedLayout {
  /// The accounts screen (`config/screens/accounts.json`; a test keeps the two equal): the total
  /// per currency, then the accounts grouped by kind under the kind's title, hidden ones left out,
  /// each opening `app://accounts/{id}`.
  public static let accountsScreen = FeedLayout(
    title: "전체 계좌",
    sections: [
      .total(TotalLayout(label: Template(literal: "합계"), overflowValue: "표시할 수 없는 금액")),
      .accounts(
        AccountsLayout(
          arrangement: .grouped,
          subtitle: .none,
          kindTitles: Self.kindTitles,
          defaultKindTitle: Template(literal: "{kind}"),
          touchURL: Template(literal: "app://accounts/{id}"),
          emptyState: EmptyStateLayout(
            message: "아직 계좌가 없어요.",
            button: .init(title: "계좌 만들기", url: Template(literal: "app://accounts/new"))))),
    ])

  /// The settings screen (`config/screens/settings.json`): one switch per account, hidden ones
  /// included, on while the account shows on the home screen.
  public static let settingsScreen = FeedLayout(
    title: "설정",
    sections: [.visibility(VisibilityLayout(title: "홈 화면에 표시할 계좌"))])

  /// The kind titles every built-in screen uses.
  static let kindTitles = [
    "checking": "입출금", "savings": "저축", "deposit": "예금", "investment": "투자", "loan": "대출",
  ]
}
