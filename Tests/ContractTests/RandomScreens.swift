import AccountModel
import FeedAssembler
import FeedComponents
import FeedVocabulary
import Foundation
import SplitMix

/// Seeded sequences of the real screens for the contract tests, drawn by FeedAssembler from
/// rows that change between one document and the next, so the changesets between neighbours
/// are what a phone is sent. Random documents as such come from the shared generator
/// (`RandomDocuments`, with `.typed` props); this one is different in kind: it edits rows —
/// accounts, balances, currencies, notices and their windows — not documents, and what it tests
/// is what the assembler draws from them. Replayable from the seed on any machine.
struct RandomScreens {
  private var rng: SplitMix64
  private var counter = 0

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  private mutating func text() -> String {
    ["116,848원", "저축 통장", "a \"quoted\" / back\\slash", "line\nbreak\ttab\u{1}", "", "é 🇰🇷"][
      rng.below(6)]
  }

  /// `count` documents of the screen `layout` draws, as FeedAssembler draws it from rows that
  /// change between one and the next: accounts opened, closed, renamed, hidden, moved and paid
  /// into, in several currencies; notices posted, dismissed and timed.
  mutating func screens(of layout: FeedLayout, count: Int) throws -> [FeedDocument] {
    let assembler = FeedAssembler(layout: layout)
    let readAt = Date(timeIntervalSince1970: 1_796_083_200)
    var rows = FeedRows(
      owner: Owner(id: "demo", displayName: "데모", createdAt: readAt), accounts: [], notices: [],
      readAt: readAt)
    var documents: [FeedDocument] = []
    for _ in 0..<count {
      edit(&rows)
      documents.append(try assembler.assemble(rows))
    }
    return documents
  }

  private mutating func edit(_ rows: inout FeedRows) {
    let kinds = ["checking", "savings", "deposit"]
    let currencies: [Currency] = [.krw, .krw, .usd]
    for _ in 0..<rng.below(3) {
      counter += 1
      rows.accounts.insert(
        Account(
          id: Int64(counter), ownerID: "demo", name: text(), kind: kinds[rng.below(kinds.count)],
          balance: Money(
            minorUnits: Int64(rng.below(10_000_000)), currency: currencies[rng.below(3)]),
          position: Int32(counter), hidden: rng.chance(10), version: 1, createdAt: rows.readAt,
          updatedAt: rows.readAt),
        at: rng.below(rows.accounts.count + 1))
    }
    for index in rows.accounts.indices.reversed() {
      switch rng.below(12) {
      case 0: rows.accounts.remove(at: index)
      case 1: rows.accounts[index].hidden.toggle()
      case 2: rows.accounts[index].name = text()
      case 3, 4:
        rows.accounts[index].balance.minorUnits += Int64(rng.below(100_000) - 50_000)
      default: break
      }
    }
    if rows.accounts.count > 1 && rng.chance(20) {
      rows.accounts.swapAt(0, rows.accounts.count - 1)
    }
    if rng.chance(30) {
      counter += 1
      let hour: TimeInterval = 3600
      rows.notices.append(
        Notice(
          id: Int64(counter), ownerID: "demo", message: text(),
          severity: NoticeSeverity.allCases[rng.below(3)], dismissible: rng.chance(70),
          activeFrom: rng.chance(20) ? rows.readAt + hour : nil,
          activeUntil: rng.chance(20) ? rows.readAt - hour : nil, position: Int32(counter),
          dismissedAt: nil, version: 1, createdAt: rows.readAt, updatedAt: rows.readAt))
    }
    for index in rows.notices.indices where rng.chance(15) {
      rows.notices[index].dismissedAt = rows.readAt
    }
  }
}
