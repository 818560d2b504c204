import FeedAssembler
import FeedComponents
import Testing

/// An assembler's fingerprint names what it draws: a stored feed head is patched only by an
/// assembler with the same one (see `AccountStore+FeedHeads.swift`).
@Suite struct FingerprintTests {
  private func layout(kindTitles: [(String, String)], title: String = "내 계좌") -> FeedLayout {
    var layout = FeedLayout.default
    layout.title = title
    var titles: [String: String] = [:]
    for (kind, text) in kindTitles { titles[kind] = text }
    layout.sections = layout.sections.map { section in
      guard case .accounts(var accounts) = section else { return section }
      accounts.kindTitles = titles
      return .accounts(accounts)
    }
    return layout
  }

  @Test func equalLayoutsHaveOneFingerprintWhateverOrderTheirTablesWereFilledIn() {
    let pairs = (0..<40).map { ("kind\($0)", "제목 \($0)") }
    let forward = FeedAssembler(layout: layout(kindTitles: pairs)).fingerprint()
    let backward = FeedAssembler(layout: layout(kindTitles: pairs.reversed())).fingerprint()
    #expect(forward == backward)
  }

  @Test func aChangedLayoutHasAnotherFingerprint() {
    let pairs = [("checking", "입출금")]
    let first = FeedAssembler(layout: layout(kindTitles: pairs)).fingerprint()
    #expect(first != FeedAssembler(layout: layout(kindTitles: pairs, title: "다른")).fingerprint())
    #expect(
      first != FeedAssembler(layout: layout(kindTitles: [("checking", "통장")])).fingerprint())
  }

  @Test func anotherEnvironmentHasAnotherFingerprint() {
    var environment = RenderEnvironment()
    environment.width = 200
    #expect(
      FeedAssembler().fingerprint() != FeedAssembler(environment: environment).fingerprint())
  }
}
