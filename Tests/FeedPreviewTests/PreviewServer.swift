import AccountFeedTestSupport
import AccountStore
import BrowserTestSupport
import FeedAssembler
import FeedPreview
import FeedService
import Foundation
import HTTPServer
import PostgresTestSupport

/// The preview site on a free loopback port over a fresh, migrated database, and a headless
/// Chromium page for it; all three are stopped after `body`, also when it throws.
func withPreview<Result>(
  layout: FeedLayout = .default,
  _ body: (_ service: FeedService, _ base: String, _ page: BrowserPage) throws -> Result
) throws -> Result {
  try TestDatabase.with(.migrated) { database in
    let service = FeedService(layout: layout) {
      AccountStore(connection: try database.connect())
    }
    var router = Router()
    let events = try FeedEvents(service: service)
    defer { events.stop() }
    PreviewSite(service: service, events: events).addRoutes(to: &router)
    let server = HTTPServer(router: router)
    let bound = try server.start(try ListenAddress("127.0.0.1:0"))
    defer { server.stop() }
    return try Chromium.withPage { page in
      try body(service, "http://127.0.0.1:\(bound.port)", page)
    }
  }
}

/// Where tests leave what a person may want to look at (screenshots); not committed.
func artifact(_ name: String) -> URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: ".build/artifacts/\(name)")
}

extension BrowserPage {
  /// Opens an owner's page and waits until it shows the feed and listens for changes.
  func openOwner(_ owner: String, base: String) throws {
    try navigate(to: "\(base)/owners/\(owner)")
    try wait(for: "window.previewState && previewState.fetched >= 1 && previewState.connected")
  }

  /// The feed's DOM as a page shows it: sections, and per item its id, type and the text of
  /// each drawn prop (by the element's class), leaving out elements that are animating away.
  func shownItems() throws -> [ShownItem] {
    let json = try string(
      """
      JSON.stringify(Array.from(document.querySelectorAll('#feed .item')).filter((i) => !i.closest('.leaving')).map((i) => ({
        id: i.dataset.id, type: i.dataset.type,
        texts: Object.fromEntries(['c-title-text', 'c-title', 'c-subtitle', 'c-value', 'c-message', 'c-label', 'c-button']
          .map((c) => [c, Array.from(i.querySelectorAll('.' + c)).map((e) => e.textContent)]).filter(([, t]) => t.length > 0)),
      })))
      """)
    return try JSONDecoder().decode([ShownItem].self, from: Data(json.utf8))
  }

  /// The live feed's sections and ids in order.
  func shownFeed() throws -> ScreenFeed {
    try JSONDecoder().decode(
      ScreenFeed.self,
      from: Data(
        try string(
          """
          JSON.stringify(Array.from(document.querySelectorAll('#feed > section.feed-section:not(.leaving)')).map((s) => ({
            id: s.dataset.id,
            header: (s.querySelector(':scope > .section-header > .item') || {dataset: {}}).dataset.id || null,
            footer: (s.querySelector(':scope > .section-footer > .item') || {dataset: {}}).dataset.id || null,
            items: Array.from(s.querySelectorAll(':scope > ol.items > li.item:not(.leaving)')).map((i) => i.dataset.id),
          })))
          """
        ).utf8))
  }
}

/// One item as the page shows it.
struct ShownItem: Decodable, Equatable {
  var id: String
  var type: String
  var texts: [String: [String]]
}
