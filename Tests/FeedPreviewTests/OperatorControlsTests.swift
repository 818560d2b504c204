import AccountModel
import BrowserTestSupport
import FeedService
import Foundation
import Testing

/// The page's own controls — the history timeline, the comparison, the reload button — work
/// with a mouse and with the keyboard alone, and their text is readable.
@Suite(.serialized) struct OperatorControlsTests {
  /// The demo owner with three snapshots: the seed, a new balance, a new account.
  static func seedHistory(_ service: FeedService) throws {
    _ = try service.seedDemo()
    let account = try service.accounts(owner: "demo")[1]
    try service.apply(
      [.updateAccount(id: account.id, AccountUpdate(balance: 25_000))], in: .owner("demo"),
      reason: "balance")
    try service.apply(
      [
        .addAccount(
          ownerID: "demo",
          NewAccount(name: "여행 통장", balance: Money(minorUnits: 7_000, currency: .krw)))
      ], in: .owner("demo"), reason: "add")
  }

  @Test func choosingTwoSnapshotsShowsTheDiffMarkedNextToTheTextPlan() throws {
    try withPreview { service, base, page in
      try Self.seedHistory(service)
      try page.openOwner("demo", base: base)
      try page.wait(for: "document.querySelectorAll('#timeline li').length === 3")
      try page.evaluate("document.querySelector('#timeline input[name=from][value=\"1\"]').click()")
      try page.evaluate("document.querySelector('#timeline input[name=to][value=\"3\"]').click()")
      try page.evaluate("document.getElementById('compare').click()")
      try page.wait(for: "!document.getElementById('diff').hidden")
      let marked = { (selector: String) in
        try page.string(
          "Array.from(document.querySelectorAll('\(selector)')).map((e) => e.dataset.id).join()")
      }
      let added = try service.accounts(owner: "demo").last!.id
      #expect(try marked("#diff-to .mark-added") == "account/\(added)")
      #expect(try marked("#diff-to .mark-changed") == "account/2")
      #expect(try marked("#diff-from .mark-removed") == "")
      let plan = try service.compare(.sequence(1), .sequence(3), owner: "demo").changeset
        .planText()
      #expect(try page.string("document.getElementById('plan').textContent") == plan)
      try page.screenshot(to: artifact("preview-history.png"))
    }
  }

  @Test func theHistoryComparisonWorksFromTheKeyboardAlone() throws {
    try withPreview { service, base, page in
      try Self.seedHistory(service)
      try page.openOwner("demo", base: base)
      try page.wait(for: "document.querySelectorAll('#timeline li').length === 3")
      let focused = "document.activeElement"
      var visited: [String] = []
      while try page.string("\(focused).name || ''") != "from" {
        try page.press(.tab)
        visited.append(try page.string("\(focused).id || \(focused).textContent || ''"))
        // Every control shows where the focus is.
        #expect(try page.string("getComputedStyle(\(focused)).outlineStyle") != "none")
        try #require(visited.count < 20, "Tab never reached the history: \(visited)")
      }
      #expect(visited.contains("reload"))
      // The timeline lists the newest first: #3, #2, #1, each row with a "from" and a "to".
      try page.press(.arrowDown)  // "from" moves to #2
      try page.press(.arrowDown)  // and to #1
      try page.press(.tab)  // to the "to" of the same row (#1)
      try page.press(.arrowUp)  // "to" moves to #2
      try page.press(.arrowUp)  // and to #3
      // On past the checked "from" (row #1) to the button.
      for _ in 0..<3 where try page.string("\(focused).id") != "compare" {
        try page.press(.tab)
      }
      #expect(try page.string("\(focused).id") == "compare")
      try page.press(.enter)
      try page.wait(for: "!document.getElementById('diff').hidden")
      let checked = try page.string(
        "Array.from(document.querySelectorAll('#timeline input:checked')).map((i) => i.name + i.value).join()"
      )
      #expect(checked == "to3,from1")  // in screen order: row #3's "to", row #1's "from"
      #expect(
        try page.string("document.getElementById('plan').textContent")
          == (try service.compare(.sequence(1), .sequence(3), owner: "demo").changeset
            .planText()))
    }
  }

  @Test func aLiveChangeKeepsTheKeyboardFocusInTheTimeline() throws {
    try withPreview { service, base, page in
      try Self.seedHistory(service)
      try page.openOwner("demo", base: base)
      try page.wait(for: "document.querySelectorAll('#timeline li').length === 3")
      try page.evaluate("document.querySelector('#timeline input[name=to][value=\"2\"]').focus()")
      let account = try service.accounts(owner: "demo")[0]
      try service.apply(
        [.updateAccount(id: account.id, AccountUpdate(balance: 1))], in: .owner("demo"),
        reason: "live")
      try page.wait(for: "document.querySelectorAll('#timeline li').length === 4")
      #expect(
        try page.string("document.activeElement.name + document.activeElement.value") == "to2")
    }
  }

  @Test func thePagesOwnTextAndControlsHaveReadableContrast() throws {
    try withPreview { service, base, page in
      try Self.seedHistory(service)
      try page.openOwner("demo", base: base)
      try page.wait(for: "document.querySelectorAll('#timeline li').length === 3")
      try page.evaluate("document.getElementById('banner').hidden = false")
      try page.evaluate("document.getElementById('banner').textContent = 'A warning'")
      // WCAG 2 contrast of each control's text against the background it is drawn on.
      let ratios = try page.string(
        """
        (() => {
          const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
          const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
            .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
          const background = (node) => {
            for (; node; node = node.parentElement) {
              const c = rgb(getComputedStyle(node).backgroundColor);
              if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
            }
            return [255, 255, 255];
          };
          const controls = document.querySelectorAll('header.page h1, header.page a, .panel h2, button.control, #timeline label, #timeline .snap-title, #timeline .snap-meta, .status, .banner');
          return JSON.stringify(Array.from(controls).map((node) => {
            const a = lum(rgb(getComputedStyle(node).color)), b = lum(background(node));
            return [node.id || node.className || node.tagName, Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100];
          }));
        })()
        """)
      let pairs = try JSONDecoder().decode([[JSONScalar]].self, from: Data(ratios.utf8))
      #expect(pairs.count >= 10)
      for pair in pairs {
        guard case .number(let ratio) = pair[1] else { continue }
        #expect(ratio >= 4.5, "\(pair[0]) has contrast \(ratio)")
      }
    }
  }
}

/// A string or a number from a JSON array of mixed values.
enum JSONScalar: Decodable, CustomStringConvertible {
  case string(String)
  case number(Double)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  var description: String {
    switch self {
    case .string(let text): text
    case .number(let number): "\(number)"
    }
  }
}
