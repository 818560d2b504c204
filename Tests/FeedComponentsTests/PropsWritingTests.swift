import Testing

@testable import FeedComponents

/// A view that writes its own props must write exactly the canonical writing of `props`: a
/// node's digest is defined over that.
@Suite struct PropsWritingTests {
  @Test(arguments: [nil, "저축 · 숨김", "line\n\"quoted\" \\ \u{1}"])
  func anAccountRowWritesItsPropsAsTheCanonicalWriterWritesThem(subtitle: String?) {
    let view = AccountRowView()
    view.title = "월급 \"통장\"\t"
    view.value = "1,000원"
    view.subtitle = subtitle
    var written: [UInt8] = []
    view.writeCanonicalProps(into: &written)
    #expect(written == CanonicalJSONWriter().bytes(.object(view.props)))
  }
}
