import AccountModel
import BrowserTestSupport
import FeedAssembler
import FeedComponents
import FeedService
import Foundation
import SplitMix
import Testing

/// An owner's page left open while the feed changes: every write reaches the page as a
/// changeset it applies in place, and the page then shows exactly the server's document.
@Suite(.serialized) struct LiveUpdateTests {
  /// The default screen with accounts grouped by kind and a total, so an account whose kind
  /// changes moves across sections.
  static func groupedLayout() throws -> FeedLayout {
    var layout = FeedLayout.default
    for (index, section) in layout.sections.enumerated() {
      if case .accounts(var accounts) = section {
        accounts.arrangement = .grouped
        layout.sections[index] = .accounts(accounts)
      }
    }
    layout.sections.append(
      .total(
        TotalLayout(
          label: try Template("합계", allowed: TotalLayout.labelPlaceholders),
          overflowValue: "너무 큼")))
    return layout
  }

  @Test func randomWritesReachTheOpenPageAsChangesetsAndItShowsTheServersDocument() throws {
    try withPreview(layout: try Self.groupedLayout()) { service, base, page in
      _ = try service.seedDemo()
      try page.openOwner("demo", base: base)
      try page.evaluate("window.marker = 'loaded once'")
      var writes = RandomWrites(seed: 12)
      var changed = 0
      var kinds: Set<String> = []
      for step in 0..<24 {
        let before = try service.liveDocument(owner: "demo").digest
        let write = try writes.next(service: service)
        kinds.insert(write.name)
        if let opensAt = write.waitUntil {
          Thread.sleep(until: opensAt)
        }
        let expected = try service.liveDocument(owner: "demo")
        if expected.digest != before { changed += 1 }
        try page.wait(
          for: "document.getElementById('feed').dataset.digest === '\(expected.digest)'")
        #expect(try page.shownFeed() == ScreenFeed(expected), "step \(step): \(write.name)")
        #expect(
          try page.shownItems() == ShownItem.expected(expected), "step \(step): \(write.name)")
      }
      #expect(try page.string("window.marker") == "loaded once")
      #expect(try page.evaluate("previewState.fetched") as? Int == 1)
      #expect(try page.evaluate("previewState.mismatches") as? Int == 0)
      #expect(try page.evaluate("previewState.applied") as? Int ?? 0 >= changed)
      #expect(changed >= 15)
      #expect(
        kinds.isSuperset(of: [
          "add", "remove", "balance", "rename", "move", "move across sections", "notice",
          "notice window opens", "notice window closes",
        ]), "\(kinds.sorted())")
    }
  }

  @Test func aChangesetThatDoesNotApplyMakesThePageRefetchAndSaySo() throws {
    try withPreview { service, base, page in
      _ = try service.seedDemo()
      try page.openOwner("demo", base: base)
      // The page's copy drifts from the server's, as a bug or a lost event would leave it.
      try page.evaluate(
        "previewView.document.sections.at(-1).items[2].props.title = new AccountFeed.RawNumber('1')"
      )
      let account = try service.accounts(owner: "demo")[0]
      try service.apply(
        [.updateAccount(id: account.id, AccountUpdate(balance: 1))], in: .owner("demo"),
        reason: "test")
      try page.wait(for: "previewState.mismatches === 1 && previewState.fetched === 2")
      #expect(
        try page.string("document.getElementById('banner').textContent").hasPrefix(
          "A change did not apply"))
      let expected = try service.liveDocument(owner: "demo")
      try page.wait(for: "document.getElementById('feed').dataset.digest === '\(expected.digest)'")
      #expect(try page.shownItems() == ShownItem.expected(expected))
    }
  }
}
