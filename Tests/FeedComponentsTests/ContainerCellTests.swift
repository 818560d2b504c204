import Testing

@testable import FeedComponents

@Suite struct ContainerCellTests {
  private final class Counter {
    var created = 0
  }

  private struct CountingComponent: Component {
    typealias Content = AccountRowView
    let counter: Counter
    let id: String
    let touchable: Bool

    func createContent() -> AccountRowView {
      counter.created += 1
      return AccountRowView()
    }

    func render(context: RenderContext, content: AccountRowView) {
      content.title = id
      if touchable { content.actions[.touch] = .openURL(id) }
    }
  }

  private let context = RenderContext(
    sectionID: "s", indexPath: IndexPath(section: 0, item: 0), environment: RenderEnvironment())

  @Test func contentIsCreatedOnceAndReused() {
    let counter = Counter()
    let cell = ContainerCell<CountingComponent>()
    _ = cell.render(
      component: CountingComponent(counter: counter, id: "a/1", touchable: true), context: context)
    _ = cell.render(
      component: CountingComponent(counter: counter, id: "a/2", touchable: true), context: context)
    #expect(counter.created == 1)
    #expect(cell.hostsContent)
  }

  @Test func reusedContentRendersLikeFreshContent() {
    let counter = Counter()
    let cell = ContainerCell<CountingComponent>()
    _ = cell.render(
      component: CountingComponent(counter: counter, id: "a/1", touchable: true), context: context)
    let reused = cell.render(
      component: CountingComponent(counter: counter, id: "a/2", touchable: false), context: context)
    let fresh = ContainerCell<CountingComponent>().render(
      component: CountingComponent(counter: counter, id: "a/2", touchable: false), context: context)
    #expect(reused == fresh)
    #expect(reused.actions.isEmpty)
  }

  @Test func bothErasuresProduceTheSameNode() {
    let component = AccountRowComponent(item: seedAccounts[0]).onTouch(.openURL("x"))
    let byClosure = AnyComponent(component, erasure: .closure)
    let byBox = AnyComponent(component, erasure: .box)
    #expect(byClosure.erasure == .closure)
    #expect(byBox.erasure == .box)
    #expect(byClosure.render(context: context) == byBox.render(context: context))
    #expect(byClosure.size(in: SizeProposal(width: 1)) == .fixed(height: 64))
    #expect(byBox.size(in: SizeProposal(width: 1)) == .fixed(height: 64))
  }
}
