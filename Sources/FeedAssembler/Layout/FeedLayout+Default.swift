extension FeedLayout {
  /// The layout `config/screens/home.json` holds (a test keeps the two equal): seed 000's "내 계좌" screen —
  /// the title, the notices, then the accounts in one list with name and balance, each opening
  /// `app://accounts/{id}`. It has no total section, so a change to one balance changes exactly one
  /// item of the feed; add `{"kind": "total"}` to `sections` for one.
  public static let `default` = FeedLayout(
    title: "내 계좌",
    sections: [
      .notices(NoticesLayout(showDismissed: false, showInactive: false)),
      .accounts(
        AccountsLayout(
          arrangement: .flat,
          subtitle: .none,
          kindTitles: [
            "checking": "입출금", "savings": "저축", "deposit": "예금", "investment": "투자",
            "loan": "대출",
          ],
          defaultKindTitle: Template(literal: "{kind}"),
          showHidden: false,
          hiddenMarker: "숨김",
          touchURL: Template(literal: "app://accounts/{id}"),
          emptyState: EmptyStateLayout(
            message: "아직 계좌가 없어요.",
            button: .init(title: "계좌 만들기", url: Template(literal: "app://accounts/new"))))),
    ])
}
