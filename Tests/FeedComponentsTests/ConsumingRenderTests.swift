import Synchronization
import Testing

@testable import FeedComponents

/// Rendering consumes a feed: each component goes as soon as it has drawn its node, so a long
/// feed's components and its document are never held whole at once.
@Suite struct ConsumingRenderTests {
  /// Counts the components alive, through a token each holds.
  final class Census: Sendable {
    let alive = Atomic(0)
    final class Token: Sendable {
      let census: Census
      init(_ census: Census) {
        self.census = census
        census.alive.add(1, ordering: .relaxed)
      }
      deinit { census.alive.subtract(1, ordering: .relaxed) }
    }
  }

  /// A row that notes, as it draws, how many components are still alive.
  struct CountedRow: Component {
    typealias Content = TextRowView
    let id: String
    let token: Census.Token
    let record: @Sendable (Int) -> Void

    func render(context: RenderContext, content: TextRowView) {
      record(token.census.alive.load(ordering: .relaxed))
      content.text = id
    }

    func size(in proposal: SizeProposal) -> ComponentSize { .automatic }
  }

  @Test func eachComponentGoesOnceItHasDrawnItsNode() throws {
    let census = Census()
    let seen = Mutex<[Int]>([])
    let record: @Sendable (Int) -> Void = { count in seen.withLock { $0.append(count) } }
    let feed = Feed(owner: "o") {
      Section(id: "rows") {
        For(of: 0..<5) { index in
          CountedRow(id: "row/\(index)", token: Census.Token(census), record: record)
        }
      }
    }
    let document = try (consume feed).render()
    #expect(document.sections[0].items.count == 5)
    // The first row draws with all five alive, the last with only itself.
    #expect(seen.withLock { $0 } == [5, 4, 3, 2, 1])
    #expect(census.alive.load(ordering: .relaxed) == 0)
  }
}
