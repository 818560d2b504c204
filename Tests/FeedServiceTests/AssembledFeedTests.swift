import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import Foundation
import Postgres
import Testing

@testable import FeedService

@Suite struct FeedAssemblerTests {
  /// A layout from JSON text, for tests that need something other than the default.
  func layout(_ text: String) throws -> FeedLayout {
    try FeedLayout(data: Data(text.utf8), source: "test layout")
  }

  func ids(_ document: FeedDocument) -> [String] {
    document.itemsWithPlaces.map(\.item.id)
  }

  func digests(_ document: FeedDocument) -> [String: String] {
    Dictionary(uniqueKeysWithValues: document.itemsWithPlaces.map { ($0.item.id, $0.item.digest) })
  }

  @Test func seedRowsRenderToTheSeedScreen() throws {
    let document = try withStore { store in
      try store.add(seedChanges)
      return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
    }
    // Seed 000's "내 계좌" at 40 columns, worked out by hand: the title, a blank line between
    // sections, the notice after "[i] " wrapped at 36 columns ("계좌를 누르면 거래 내역을 확인할 수"
    // is 35 columns), then each name left and its amount ending at column 40:
    // 토스뱅크 통장 (13) + 18 + 116,848원 (9); 저축 통장 (9) + 23 + 20,000원 (8);
    // 비상금 (6) + 26 + 50,000원 (8).
    let expected =
      "내 계좌\n"
      + "\n"
      + "[i] 계좌를 누르면 거래 내역을 확인할 수\n"
      + "    있어요.\n"
      + "\n"
      + "토스뱅크 통장" + spaces(18) + "116,848원\n"
      + "저축 통장" + spaces(23) + "20,000원\n"
      + "비상금" + spaces(26) + "50,000원\n"
    #expect(FeedTextRenderer(width: 40).render(document) == expected)
  }

  @Test func idsComeFromRowKeys() throws {
    let (document, accountIDs, noticeID) = try withStore { store in
      let accountIDs = try store.add(seedChanges)
      let rows = try store.feedRows(owner: seedOwner)
      return (try FeedAssembler().assemble(rows), accountIDs, try store.seedNoticeID())
    }
    #expect(document.sections.map(\.id) == ["title", "notices", "accounts"])
    #expect(
      ids(document) == ["title/screen", "notice/\(noticeID)"] + accountIDs.map { "account/\($0)" })
  }

  @Test func snapshotsOfAnUnchangedFeedAreTheLiveDocumentByteForByte() throws {
    let (live, stored) = try withStore { store in
      try store.add(seedChanges)
      let assembler = FeedAssembler()
      for _ in 0..<2 {
        try store.takeSnapshot(owner: seedOwner) { rows in
          try assembler.snapshotContent(for: rows, reason: "snapshot")
        }
      }
      let live = try assembler.assemble(try store.feedRows(owner: seedOwner))
      let stored = try [1, 2].map { sequence in
        try FeedDocument(
          data: Data(try store.snapshot(owner: seedOwner, sequence: sequence).document.utf8))
      }
      return (live, stored)
    }
    #expect(live.owner == seedOwner)
    #expect(stored.map { $0.encoded() } == [live.encoded(), live.encoded()])
  }

  @Test func accountTouchOpensTheLayoutURL() throws {
    let (document, firstID) = try withStore { store in
      let ids = try store.add(seedChanges)
      return (try FeedAssembler().assemble(try store.feedRows(owner: seedOwner)), ids[0])
    }
    let row = try #require(document.sections.last?.items.first)
    #expect(row.action(for: .touch) == .openURL("app://accounts/\(firstID)"))
  }

  @Test func dismissibleNoticeCarriesItsDismissAction() throws {
    let (document, noticeID) = try withStore { store in
      try store.add(seedChanges)
      return (
        try FeedAssembler().assemble(try store.feedRows(owner: seedOwner)),
        try store.seedNoticeID()
      )
    }
    let notice = try #require(document.sections.first { $0.id == "notices" }?.items.first)
    #expect(notice.action(for: .dismiss) == .dismissNotice(id: "notice/\(noticeID)"))
    #expect(notice.props["severity"] == "info")
  }

  @Test func idsStayTheSameAcrossABalanceEdit() throws {
    let (before, after) = try withStore { store in
      let ids = try store.add(seedChanges)
      let before = try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
      try store.apply([.updateAccount(id: ids[1], AccountUpdate(balance: 25_000))], in: .anyOwner)
      return (before, try FeedAssembler().assemble(try store.feedRows(owner: seedOwner)))
    }
    #expect(before.sections.map(\.id) == after.sections.map(\.id))
    #expect(ids(before) == ids(after))
  }

  @Test func balanceEditChangesOnlyThatAccountsDigest() throws {
    let (before, after, edited) = try withStore { store in
      let ids = try store.add(seedChanges)
      let before = try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
      try store.apply([.updateAccount(id: ids[1], AccountUpdate(balance: 25_000))], in: .anyOwner)
      return (before, try FeedAssembler().assemble(try store.feedRows(owner: seedOwner)), ids[1])
    }
    let old = digests(before)
    let new = digests(after)
    let changed = old.keys.filter { old[$0] != new[$0] }.sorted()
    #expect(changed == ["account/\(edited)"])
  }

  @Test func balanceEditWithATotalChangesThatAccountAndTheTotal() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "total"}, {"kind": "accounts"}]}"#))
    let (before, after, edited) = try withStore { store in
      let ids = try store.add(seedChanges)
      let before = try assembler.assemble(try store.feedRows(owner: seedOwner))
      try store.apply([.updateAccount(id: ids[1], AccountUpdate(balance: 25_000))], in: .anyOwner)
      return (before, try assembler.assemble(try store.feedRows(owner: seedOwner)), ids[1])
    }
    let old = digests(before)
    let new = digests(after)
    let changed = old.keys.filter { old[$0] != new[$0] }.sorted()
    #expect(changed == ["account/\(edited)", "total/KRW"])
  }

  @Test func sameRowsGiveByteIdenticalJSON() throws {
    let (first, second) = try withStore { store in
      try store.add(seedChanges)
      let first = try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
      let second = try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
      return (first.encoded(), second.encoded())
    }
    #expect(first == second)
  }

  @Test func sameDataInAnotherDatabaseGivesByteIdenticalJSON() throws {
    func seedJSON() throws -> Data {
      try withStore { store in
        try store.add(seedChanges)
        return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner)).encoded()
      }
    }
    #expect(try seedJSON() == seedJSON())
  }

  @Test func hiddenAccountIsLeftOutByDefault() throws {
    let document = try withStore { store in
      let ids = try store.add(seedChanges)
      try store.apply([.updateAccount(id: ids[2], AccountUpdate(hidden: true))], in: .anyOwner)
      return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
    }
    let titles = document.sections.last?.items.compactMap { $0.props["title"]?.stringValue }
    #expect(titles == ["토스뱅크 통장", "저축 통장"])
  }

  @Test func hiddenAccountIsShownWithItsMarkerWhenTheLayoutAsks() throws {
    let assembler = FeedAssembler(
      layout: try layout(
        #"{"sections": [{"kind": "accounts", "show_hidden": true, "hidden_marker": "숨김"}]}"#))
    let document = try withStore { store in
      let ids = try store.add(seedChanges)
      try store.apply([.updateAccount(id: ids[2], AccountUpdate(hidden: true))], in: .anyOwner)
      return try assembler.assemble(try store.feedRows(owner: seedOwner))
    }
    let subtitles = document.sections.last?.items.map { $0.props["subtitle"]?.stringValue }
    #expect(subtitles == ["checking", "savings", "savings · 숨김"])
  }

  @Test func hiddenAccountIsLeftOutOfTheTotal() throws {
    let assembler = FeedAssembler(layout: try layout(#"{"sections": [{"kind": "total"}]}"#))
    let document = try withStore { store in
      let ids = try store.add(seedChanges)
      try store.apply([.updateAccount(id: ids[2], AccountUpdate(hidden: true))], in: .anyOwner)
      return try assembler.assemble(try store.feedRows(owner: seedOwner))
    }
    // 116,848 + 20,000; the hidden 50,000 is not on the screen.
    #expect(document.sections.first?.items.first?.props["value"] == "136,848원")
  }

  @Test func dismissedNoticeIsLeftOut() throws {
    let document = try withStore { store in
      try store.add(seedChanges)
      try store.apply([.dismissNotice(id: try store.seedNoticeID())], in: .anyOwner)
      return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
    }
    #expect(document.sections.map(\.id) == ["title", "accounts"])
  }

  @Test func dismissedNoticeIsShownWithoutDismissActionWhenTheLayoutAsks() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "notices", "show_dismissed": true}]}"#))
    let document = try withStore { store in
      try store.add(seedChanges)
      try store.apply([.dismissNotice(id: try store.seedNoticeID())], in: .anyOwner)
      return try assembler.assemble(try store.feedRows(owner: seedOwner))
    }
    let notice = try #require(document.sections.first?.items.first)
    #expect(notice.props["message"] == "계좌를 누르면 거래 내역을 확인할 수 있어요.")
    #expect(notice.actions.isEmpty)
  }

  @Test func expiredNoticeIsLeftOut() throws {
    let document = try withStore { store in
      try store.add(seedChanges)
      try store.apply(
        [
          .updateNotice(
            id: try store.seedNoticeID(),
            NoticeUpdate(activeUntil: .some(Date(timeIntervalSince1970: 946_684_800))))
        ], in: .anyOwner)
      return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
    }
    #expect(document.sections.map(\.id) == ["title", "accounts"])
  }

  @Test func noticeNotYetActiveIsLeftOut() throws {
    let document = try withStore { store in
      try store.add(seedChanges)
      let farFuture = Date(timeIntervalSinceNow: 365 * 86_400)
      try store.apply(
        [
          .updateNotice(id: try store.seedNoticeID(), NoticeUpdate(activeFrom: .some(farFuture)))
        ], in: .anyOwner)
      return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
    }
    #expect(document.sections.map(\.id) == ["title", "accounts"])
  }

  @Test func groupedAccountsGetOneSectionPerKindInOrderOfFirstAppearance() throws {
    let assembler = FeedAssembler(
      layout: try layout(
        #"""
        {"sections": [{"kind": "accounts", "arrangement": "grouped", "subtitle": "none",
          "kind_titles": {"checking": "입출금", "savings": "저축"}}]}
        """#))
    let document = try withStore { store in
      try store.add(seedChanges)
      return try assembler.assemble(try store.feedRows(owner: seedOwner))
    }
    #expect(document.sections.map(\.id) == ["accounts/checking", "accounts/savings"])
    #expect(document.sections.map { $0.header?.props["text"] } == ["입출금", "저축"])
    #expect(document.sections.map(\.items.count) == [1, 2])
  }

  @Test func groupedKindWithoutATitleUsesTheDefaultTitle() throws {
    let assembler = FeedAssembler(
      layout: try layout(
        #"""
        {"sections": [{"kind": "accounts", "arrangement": "grouped",
          "default_kind_title": "기타 ({kind})"}]}
        """#))
    let document = try withStore { store in
      try store.add(seedChanges)
      return try assembler.assemble(try store.feedRows(owner: seedOwner))
    }
    #expect(document.sections.first?.header?.props["text"] == "기타 (checking)")
  }

  @Test func ownerWithoutAccountsGetsTheEmptyState() throws {
    let document = try withStore { store in
      try store.apply([.addOwner(id: "nobody", displayName: "빈 사람")], in: .anyOwner)
      return try FeedAssembler().assemble(try store.feedRows(owner: "nobody"))
    }
    #expect(document.sections.map(\.id) == ["title", "accounts"])
    let empty = try #require(document.sections.last?.items.first)
    #expect(empty.id == "empty/accounts")
    #expect(empty.props["message"] == "아직 계좌가 없어요.")
    #expect(empty.action(for: .button) == .openURL("app://accounts/new"))
  }

  @Test func totalsAreOnePerCurrencyInCodeOrder() throws {
    let assembler = FeedAssembler(layout: try layout(#"{"sections": [{"kind": "total"}]}"#))
    let document = try withStore { store in
      try store.add(seedChanges)
      try store.add([
        .addAccount(
          ownerID: seedOwner,
          NewAccount(name: "달러 통장", balance: Money(minorUnits: 1_050, currency: .usd))),
        .addAccount(
          ownerID: seedOwner,
          NewAccount(name: "달러 예금", balance: Money(minorUnits: 20_000, currency: .usd))),
      ])
      return try assembler.assemble(try store.feedRows(owner: seedOwner))
    }
    let items = try #require(document.sections.first?.items)
    #expect(items.map(\.id) == ["total/KRW", "total/USD"])
    // 116,848 + 20,000 + 50,000 won; 10.50 + 200.00 dollars.
    #expect(items.map { $0.props["value"] } == ["186,848원", "$210.50"])
  }

  @Test func totalBeyondInt64ShowsTheOverflowText() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "total", "overflow_value": "너무 큼"}]}"#))
    let document = try withStore { store in
      try store.apply([.addOwner(id: "rich", displayName: "부자")], in: .anyOwner)
      try store.add(
        (1...2).map { number in
          .addAccount(
            ownerID: "rich",
            NewAccount(name: "금고 \(number)", balance: Money(minorUnits: .max, currency: .krw)))
        })
      return try assembler.assemble(try store.feedRows(owner: "rich"))
    }
    #expect(document.sections.first?.items.first?.props["value"] == "너무 큼")
  }

  @Test func totalThatComesBackInRangeIsExact() throws {
    let assembler = FeedAssembler(layout: try layout(#"{"sections": [{"kind": "total"}]}"#))
    let document = try withStore { store in
      try store.apply([.addOwner(id: "mixed", displayName: "혼합")], in: .anyOwner)
      try store.add(
        [Int64.max, Int64.max, -Int64.max].enumerated().map { index, balance in
          .addAccount(
            ownerID: "mixed",
            NewAccount(name: "계좌 \(index)", balance: Money(minorUnits: balance, currency: .krw)))
        })
      return try assembler.assemble(try store.feedRows(owner: "mixed"))
    }
    // max + max - max = max, even though the first two alone exceed the range.
    #expect(document.sections.first?.items.first?.props["value"] == "9,223,372,036,854,775,807원")
  }

  @Test func assembledJSONReadsBackAsTheSameDocument() throws {
    let document = try withStore { store in
      try store.add(seedChanges)
      return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner))
    }
    let read = try FeedDocument(data: document.encoded(pretty: true))
    #expect(read == document)
  }

  @Test func layoutBuiltInSwiftWithAKindTwiceFailsNamingTheSection() throws {
    let accounts = AccountsLayout(
      defaultKindTitle: try Template("{kind}", allowed: AccountsLayout.kindTitlePlaceholders),
      emptyState: EmptyStateLayout(message: "없음"))
    let assembler = FeedAssembler(
      layout: FeedLayout(title: nil, sections: [.accounts(accounts), .accounts(accounts)]))
    let rows = try withStore { store in
      try store.add(seedChanges)
      return try store.feedRows(owner: seedOwner)
    }
    let error = try #require(throws: FeedDocumentError.self) { try assembler.assemble(rows) }
    #expect(error.description.contains("\"accounts\""))
  }
}

@Suite struct SnapshotContentTests {
  @Test func storedSnapshotHoldsTheAssembledDocument() throws {
    let (snapshot, document) = try withStore { store in
      try store.add(seedChanges)
      let assembler = FeedAssembler()
      let info = try store.takeSnapshot(owner: seedOwner) { rows in
        try assembler.snapshotContent(for: rows, label: "first", reason: "snapshot")
      }
      let document = try assembler.assemble(try store.feedRows(owner: seedOwner))
      return (try store.snapshot(owner: seedOwner, sequence: info.sequence), document)
    }
    #expect(snapshot.info.digest == document.digest)
    #expect(snapshot.info.label == "first")
    let stored = try FeedDocument(data: Data(snapshot.document.utf8))
    #expect(stored.encoded() == document.encoded())
  }
}
