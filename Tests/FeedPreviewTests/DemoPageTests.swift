import BrowserTestSupport
import FeedComponents
import FeedService
import Foundation
import Testing

/// The owner page of `feedctl demo`'s data in headless Chromium, served by the real preview site
/// over a real PostgreSQL.
@Suite(.serialized) struct DemoPageTests {
  @Test func theDemoPageDrawsTheSeedScreen() throws {
    try withPreview { service, base, page in
      let document = try service.seedDemo()
      try page.openOwner("demo", base: base)
      let items = try page.shownItems()
      #expect(items == ShownItem.expected(document))
      #expect(items.contains { $0.type == "title" && $0.texts["c-title-text"] == ["내 계좌"] })
      #expect(
        items.filter { $0.type == "account_row" }.compactMap { $0.texts["c-value"]?.first }
          == ["116,848원", "20,000원", "50,000원"])
      #expect(
        items.contains {
          $0.type == "notice" && $0.texts["c-message"] == ["계좌를 누르면 거래 내역을 확인할 수 있어요."]
        })
      #expect(
        try page.evaluate("document.querySelectorAll('#feed .comp-notice .c-dismiss').length")
          as? Int == 1)
      try page.screenshot(to: artifact("preview-demo.png"))
    }
  }

  @Test func accountAmountsAreRightAlignedInThePhoneFrame() throws {
    try withPreview { service, base, page in
      _ = try service.seedDemo()
      try page.openOwner("demo", base: base)
      // Every amount ends where the others end, at the row's right padding, right of its name.
      let edges = try page.string(
        """
        JSON.stringify(Array.from(document.querySelectorAll('#feed .comp-account_row')).map((row) => {
          const r = row.getBoundingClientRect(), v = row.querySelector('.c-value').getBoundingClientRect(),
            t = row.querySelector('.c-title').getBoundingClientRect();
          return [Math.round(r.right - v.right), v.left > t.right];
        }))
        """)
      #expect(edges == "[[20,true],[20,true],[20,true]]")
    }
  }

  @Test func anOwnerWithNoAccountsSeesTheEmptyStateWithItsButton() throws {
    try withPreview { service, base, page in
      try service.apply([.addOwner(id: "new", displayName: "New")], in: .owner("new"), reason: "t")
      try page.openOwner("new", base: base)
      let empty = try page.shownItems().filter { $0.type == "empty_state" }
      #expect(empty.map(\.texts) == [["c-message": ["아직 계좌가 없어요."], "c-button": ["계좌 만들기"]]])
    }
  }

  @Test func theAPIAnswersUnknownOwnersWith404AndBadQueriesWith400() throws {
    try withPreview { service, base, page in
      _ = try service.seedDemo()
      try page.navigate(to: base + "/")
      let status = { (path: String) in
        try page.evaluate("fetch('\(path)').then((r) => r.status)") as? Int
      }
      #expect(try status("/api/feed?owner=demo") == 200)
      #expect(try status("/api/feed?owner=nobody") == 404)
      #expect(try status("/api/feed") == 400)
      #expect(try status("/api/diff?owner=demo&from=1&to=1") == 200)
      #expect(try status("/api/diff?owner=demo&from=..%2Fetc%2Fpasswd&to=1") == 400)
      #expect(try status("/api/events?owner=demo") == 400)
      #expect(try status("/assets/nothing.js") == 404)
    }
  }

  @Test func anUnknownOwnersPageSaysSoInOneLine() throws {
    try withPreview { _, base, page in
      try page.navigate(to: base + "/owners/nobody")
      try page.wait(for: "!document.getElementById('banner').hidden")
      let banner = try page.string("document.getElementById('banner').textContent")
      #expect(banner.hasPrefix("Could not load the feed: "))
      #expect(banner.contains("nobody"))
      #expect(!banner.contains("{"))
    }
  }

  @Test func anUnknownComponentTypeGetsAPlaceholderThatNamesIt() throws {
    try AssetPage.with { page in
      let drawn = try page.string(
        """
        AccountFeed.drawItem({id: 'promo/1', type: 'promo_carousel', props: {}, actions: {}}).textContent
        """)
      #expect(drawn == "This page cannot draw a “promo_carousel” componentpromo/1")
    }
  }

  @Test func theOwnersListLinksToEachOwnersPage() throws {
    try withPreview { service, base, page in
      _ = try service.seedDemo()
      try page.navigate(to: base + "/")
      try page.wait(for: "document.querySelectorAll('#owners a').length > 0")
      #expect(
        try page.string(
          "Array.from(document.querySelectorAll('#owners a')).map((a) => a.getAttribute('href')).join()"
        )
          == "/owners/demo")
    }
  }
}
