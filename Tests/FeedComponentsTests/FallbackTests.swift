import FeedComponents
import Testing

/// A switch that falls back to a text row, and one that declares nothing.
private struct SwitchWithFallback: Component {
  typealias Content = ToggleRowView

  let id: String
  let title: String
  var fallbackText: String?

  func render(context: RenderContext, content: ToggleRowView) {
    content.title = title
    content.isOn = true
  }

  var fallback: AnyComponent? {
    fallbackText.map { AnyComponent(TextRowComponent(id: id, text: $0)) }
  }
}

/// A client that draws exactly `types`.
private func client(_ types: String) throws -> RenderEnvironment {
  RenderEnvironment(capabilities: try ClientCapabilities(parsing: "2.0:" + types))
}

/// What a client without switches (or, with `textRows`, also without text rows) receives.
@Suite struct FallbackTests {
  private let feed = Feed(owner: "demo") {
    Section(id: "settings", header: AnyComponent(TitleComponent(id: "title/settings", text: "설정")))
    {
      SwitchWithFallback(id: "visibility/1", title: "통장", fallbackText: "통장 · 표시")
      SwitchWithFallback(id: "visibility/2", title: "비상금")
      SummaryComponent(id: "total/KRW", label: "합계", value: "1원")
    }
  }

  @Test func aTypeTheClientDrawsIsSentAsItIs() throws {
    let document = try feed.render(environment: try client("title,toggle_row,summary_row"))
    #expect(document.sections[0].items.map(\.type) == ["toggle_row", "toggle_row", "summary_row"])
  }

  @Test func aTypeTheClientCannotDrawIsReplacedByItsFallbackUnderTheSameID() throws {
    let document = try feed.render(environment: try client("title,text_row,summary_row"))
    let item = try #require(document.sections[0].items.first)
    #expect(item.id == "visibility/1")
    #expect(item.type == "text_row")
    #expect(item.props == ["text": "통장 · 표시"])
    #expect(item.actions.isEmpty)
  }

  @Test func aTypeWithoutAFallbackIsLeftOutForAClientThatCannotDrawIt() throws {
    let document = try feed.render(environment: try client("title,text_row,summary_row"))
    #expect(document.sections[0].items.map(\.id) == ["visibility/1", "total/KRW"])
  }

  @Test func aFallbackTheClientCannotDrawEitherIsLeftOut() throws {
    let document = try feed.render(environment: try client("title,summary_row"))
    #expect(document.sections[0].items.map(\.id) == ["total/KRW"])
  }

  @Test func anUnsupportedHeaderWithoutFallbackIsLeftOut() throws {
    let document = try feed.render(environment: try client("toggle_row"))
    #expect(document.sections[0].header == nil)
    #expect(document.sections[0].items.count == 2)
  }

  @Test func aSectionThatLosesEveryPartIsLeftOut() throws {
    let document = try feed.render(environment: try client("notice"))
    #expect(document.sections.isEmpty)
  }

  @Test func aSectionBuiltEmptyStaysForAnyClient() throws {
    let empty = Feed(owner: "demo") { Section(id: "empty") {} }
    #expect(try empty.render(environment: try client("notice")).sections.map(\.id) == ["empty"])
  }

  @Test func everyTypeInADocumentIsOneTheClientDraws() throws {
    for types in ["title", "text_row", "summary_row,title", "title,toggle_row", "text_row,title"] {
      let environment = try client(types)
      let document = try feed.render(environment: environment)
      let sent = Set(document.itemsWithPlaces.map(\.item.type))
      #expect(sent.isSubset(of: try #require(environment.capabilities).types), "\(types)")
    }
  }

  @Test func theDocumentRecordsTheCapabilitySetItWasBuiltFor() throws {
    let environment = try client("title,text_row")
    let document = try feed.render(environment: environment)
    #expect(document.capabilities == environment.capabilities)
    #expect(try FeedDocument(data: document.encoded()).capabilities == environment.capabilities)
  }

  @Test func aDocumentBuiltForEveryTypeRecordsNoCapabilitySet() throws {
    let document = try feed.render()
    #expect(document.capabilities == nil)
    #expect(!String(decoding: document.encoded(), as: UTF8.self).contains("capabilities"))
  }

  @Test func theCapabilitySetIsOutsideTheDigest() throws {
    let everything = try feed.render()
    let stated = try feed.render(environment: RenderEnvironment(capabilities: .all))
    #expect(stated.digest == everything.digest)
    #expect(stated.encoded() != everything.encoded())
  }

  @Test func theSameFeedForTheSameClientGivesTheSameBytes() throws {
    let first = try feed.render(environment: try client("text_row,title,summary_row"))
    let second = try feed.render(environment: try client("summary_row, title ,text_row"))
    #expect(first.encoded() == second.encoded())
  }

  @Test func theClosureErasureResolvesLikeTheBox() throws {
    let component = SwitchWithFallback(id: "visibility/1", title: "통장", fallbackText: "통장 · 표시")
    let capabilities = try ClientCapabilities(parsing: "2.0:text_row")
    let context = RenderContext(
      sectionID: "s", indexPath: IndexPath(section: 0, item: 0),
      environment: RenderEnvironment())
    let box = AnyComponent(component, erasure: .box).resolved(for: capabilities)
    let closure = AnyComponent(component, erasure: .closure).resolved(for: capabilities)
    #expect(box?.render(context: context) == closure?.render(context: context))
    #expect(box?.nodeType == "text_row")
  }

  @Test func aModifiedComponentKeepsItsFallback() throws {
    let modified = SwitchWithFallback(id: "visibility/1", title: "통장", fallbackText: "통장 · 표시")
      .onToggle(.openURL("app://x"))
    let resolved = AnyComponent(modified).resolved(
      for: try ClientCapabilities(parsing: "2.0:text_row"))
    #expect(resolved?.nodeType == "text_row")
  }

  @Test func textRowsDrawAsTheirTextOnATerminal() throws {
    let document = try feed.render(environment: try client("text_row"))
    #expect(FeedTextRenderer(width: 20).render(document) == "통장 · 표시\n")
  }
}
