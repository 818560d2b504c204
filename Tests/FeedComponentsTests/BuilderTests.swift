import Testing

@testable import FeedComponents

@Suite struct BuilderTests {
  @Test func emptySectionHasNoComponents() {
    let section = Section(id: "empty") {}
    #expect(section.components.isEmpty)
  }

  @Test func sequenceKeepsStatementOrder() {
    let section = Section(id: "s") {
      TitleComponent(id: "title/a", text: "A")
      NoticeComponent(id: "notice/b", message: "B")
      SummaryComponent(id: "total/c", label: "C", value: "1")
    }
    #expect(itemIDs(section) == ["title/a", "notice/b", "total/c"])
  }

  @Test func ifWithoutElseAddsComponentsOnlyWhenTrue() {
    func build(_ flag: Bool) -> [String] {
      itemIDs(
        Section(id: "s") {
          if flag { TitleComponent(id: "title/yes", text: "") }
          TitleComponent(id: "title/always", text: "")
        })
    }
    #expect(build(true) == ["title/yes", "title/always"])
    #expect(build(false) == ["title/always"])
  }

  @Test func ifElseTakesExactlyOneBranch() {
    func build(_ accounts: [AccountItem]) -> [String] {
      itemIDs(
        Section(id: "s") {
          if accounts.isEmpty {
            EmptyStateComponent(id: "empty/accounts", message: "계좌가 없어요")
          } else {
            For(of: accounts) { AccountRowComponent(item: $0) }
          }
        })
    }
    #expect(build([]) == ["empty/accounts"])
    #expect(build(seedAccounts) == ["account/1", "account/2", "account/3"])
  }

  @Test func optionalComponentIsLeftOutWhenNil() {
    let present: NoticeComponent? = NoticeComponent(id: "notice/x", message: "x")
    let absent: NoticeComponent? = nil
    let section = Section(id: "s") {
      present
      absent
      if let notice = present { notice }
    }
    #expect(itemIDs(section) == ["notice/x", "notice/x"])
  }

  @Test func forInLoopUsesBuildArray() {
    let section = Section(id: "s") {
      for account in seedAccounts { AccountRowComponent(item: account) }
    }
    #expect(itemIDs(section) == ["account/1", "account/2", "account/3"])
  }

  @Test func nestedForVisitsEveryPairInOrder() {
    let section = Section(id: "s") {
      For(of: ["a", "b"]) { group in
        TitleComponent(id: "title/\(group)", text: group)
        For(of: 1...2) { number in
          SummaryComponent(id: "total/\(group)/\(number)", label: group, value: "\(number)")
        }
      }
    }
    #expect(
      itemIDs(section) == [
        "title/a", "total/a/1", "total/a/2", "title/b", "total/b/1", "total/b/2",
      ])
  }

  @Test func arraysOfComponentsAreSpliced() {
    let rows = seedAccounts.map { AccountRowComponent(item: $0) }
    let erased = [AnyComponent(TitleComponent(id: "title/x", text: ""))]
    let section = Section(id: "s") {
      rows
      erased
    }
    #expect(itemIDs(section) == ["account/1", "account/2", "account/3", "title/x"])
  }

  @Test func blockHasNoArityLimit() {
    let section = Section(id: "s") {
      TitleComponent(id: "t/1", text: "")
      TitleComponent(id: "t/2", text: "")
      TitleComponent(id: "t/3", text: "")
      TitleComponent(id: "t/4", text: "")
      TitleComponent(id: "t/5", text: "")
      TitleComponent(id: "t/6", text: "")
      TitleComponent(id: "t/7", text: "")
      TitleComponent(id: "t/8", text: "")
      TitleComponent(id: "t/9", text: "")
      TitleComponent(id: "t/10", text: "")
      TitleComponent(id: "t/11", text: "")
      TitleComponent(id: "t/12", text: "")
    }
    #expect(itemIDs(section) == (1...12).map { "t/\($0)" })
  }

  @Test func feedBuilderTakesSectionsWithIfAndLoops() {
    func build(showSettings: Bool) -> [String] {
      Feed(owner: "o") {
        Section(id: "accounts") {}
        if showSettings { Section(id: "settings") {} }
        for currency in ["KRW", "USD"] { Section(id: "total/\(currency)") {} }
      }.sections.map(\.id)
    }
    #expect(build(showSettings: true) == ["accounts", "settings", "total/KRW", "total/USD"])
    #expect(build(showSettings: false) == ["accounts", "total/KRW", "total/USD"])
  }

  @Test func lazySectionKeepsTheSeedSpelling() {
    let section = LazySection(identifier: "accounts") {
      For(of: seedAccounts) { AccountRowComponent(item: $0) }
    }
    #expect(section.id == "accounts")
    #expect(section.components.count == 3)
  }

  @Test func renderedItemsCarryTheirSectionAndIndexPath() throws {
    struct PositionComponent: Component {
      typealias Content = SummaryRowView
      let id: String
      func render(context: RenderContext, content: SummaryRowView) {
        content.label = context.sectionID
        content.value = context.indexPath.description
      }
    }
    let document = try Feed(owner: "o") {
      Section(id: "first") { PositionComponent(id: "p/1") }
      Section(id: "second") {
        PositionComponent(id: "p/2")
        PositionComponent(id: "p/3")
      }
    }.render()
    let props = document.sections.flatMap(\.items).map(\.props)
    #expect(props[2] == ["label": "second", "value": "[1, 1]"])
    #expect(props[0] == ["label": "first", "value": "[0, 0]"])
  }
}
