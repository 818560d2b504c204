import BrowserTestSupport
import FeedPreview
import Foundation

/// A blank Chromium page holding the embedded `preview.css` and `feed.js`, for testing the
/// page's drawing and its changeset applier without a server.
enum AssetPage {
  static func with<T>(_ body: (BrowserPage) throws -> T) throws -> T {
    try Chromium.withPage { page in
      guard let css = PreviewAsset.named("preview.css"), let js = PreviewAsset.named("feed.js")
      else { throw BrowserError.scriptFailed("the page assets are not embedded") }
      try page.evaluate(
        "document.head.append(Object.assign(document.createElement('style'), {textContent: \(try literal(css.text))}))"
      )
      try page.evaluate(js.text)
      try page.evaluate(harness)
      return try body(page)
    }
  }

  /// A JavaScript string literal holding `text` (a JSON string is one).
  static func literal(_ text: String) throws -> String {
    String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
  }

  /// `applyCase(base, changeset)` draws `base` in a fresh phone frame, applies the changeset the
  /// way the live page does (animations on) and answers what is on screen afterwards, as JSON:
  /// the rebuilt document in canonical JSON and the DOM's sections and item ids, or the error.
  private static let harness = """
    window.readFeed = (container) => Array.from(container.children)
      .filter((s) => s.matches('section.feed-section') && !s.classList.contains('leaving'))
      .map((s) => ({
        id: s.dataset.id,
        header: (s.querySelector(':scope > .section-header > .item') || {dataset: {}}).dataset.id || null,
        footer: (s.querySelector(':scope > .section-footer > .item') || {dataset: {}}).dataset.id || null,
        items: Array.from(s.querySelectorAll(':scope > ol.items > li.item:not(.leaving)')).map((i) => i.dataset.id),
      }));
    window.applyCase = (base, changeset) => {
      const frame = document.createElement('div');
      frame.className = 'phone';
      const container = document.createElement('div');
      frame.append(container);
      document.body.append(frame);
      try {
        const view = new AccountFeed.FeedView(container);
        view.render(base);
        view.apply(changeset);
        return JSON.stringify({ canonical: AccountFeed.canonical(view.document), dom: readFeed(container) });
      } catch (error) {
        return JSON.stringify({ error: String(error.message) });
      } finally {
        frame.remove();
      }
    };
    """
}
