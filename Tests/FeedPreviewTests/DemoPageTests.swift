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
