import AccountModel
import FeedAssembler
import FeedComponents
import FeedVocabulary
import Foundation
import SplitMix

/// Seeded sequences of feed documents for the contract tests: each document follows from the
/// one before, so the changesets between neighbours hold every kind of change. Replayable from
/// the seed on any machine.
struct RandomFeeds {
  private var rng: SplitMix64
  private var counter = 0

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  // MARK: Hand-made nodes

  /// `count` documents built from nodes of every kind the format has: each known type with its
  /// props, a type this version does not know, every action and size (and ones a newer minor
  /// version might write), headers, footers and newer fields on sections and documents, props of
  /// every JSON kind. Each one changes the one before by some of every edit; some change nothing.
  mutating func documents(count: Int) throws -> [FeedDocument] {
    var sections = (0..<rng.below(4)).map { _ in newSection() }
    var documents: [FeedDocument] = []
    for _ in 0..<count {
      if !rng.chance(10) { sections = edited(sections) }
      var fields: [String: JSONValue] = [:]
      if rng.chance(10) { fields["theme"] = "dark" }
      documents.append(
        try FeedDocument(
          owner: rng.chance(90) ? "demo" : "owner-\(rng.below(3))", sections: sections,
          additionalFields: fields))
    }
    return documents
  }

  private mutating func nextID(_ kind: String) -> String {
    counter += 1
    return "\(kind)/\(counter)"
  }

  private mutating func text() -> String {
    ["116,848원", "저축 통장", "a \"quoted\" / back\\slash", "line\nbreak\ttab\u{1}", "", "é 🇰🇷"][
      rng.below(6)]
  }

  private mutating func node(id: String) -> ItemNode {
    var props: [String: JSONValue]
    let type: String
    switch rng.below(8) {
    case 0:
      type = "account_row"
      props = ["title": .string(text()), "value": .string("\(rng.below(1_000_000))원")]
      if rng.chance(50) { props["subtitle"] = .string(text()) }
    case 1:
      type = "notice"
      props = [
        "message": .string(text()),
        "severity": .string(["info", "warning", "critical"][rng.below(3)]),
      ]
      if rng.chance(30) { props["button_title"] = .string(text()) }
    case 2: (type, props) = ("title", ["text": .string(text())])
    case 3: (type, props) = ("summary_row", ["label": .string(text()), "value": .string(text())])
    case 4:
      (type, props) = ("toggle_row", ["title": .string(text()), "is_on": .bool(rng.chance(50))])
    case 5: (type, props) = ("empty_state", ["message": .string(text())])
    case 6: (type, props) = ("text_row", ["text": .string(text())])
    default:
      (type, props) = ("promo_carousel", ["slides": value(depth: 0), "ratio": .decimal("1.50")])
    }
    var actions: [String: Action] = [:]
    if rng.chance(40) { actions["touch"] = .openURL("accountfeed://accounts/\(rng.below(100))") }
    if rng.chance(20) { actions["dismiss"] = .dismissNotice(id: "notice/\(1 + rng.below(50))") }
    if rng.chance(15) {
      actions["toggle"] = .custom(
        name: VisibilityAction.name, payload: ["account": .string("account/\(1 + rng.below(50))")])
    }
    if rng.chance(10) { actions["button"] = .custom(name: "open_sheet", payload: value(depth: 1)) }
    if rng.chance(5) { actions["swipe"] = .unrecognized(["kind": "archive", "soft": true]) }
    let sizes: [ComponentSize] = [
      .automatic, .fixed(height: 64), .estimated(height: 40 + rng.below(80)),
      .unrecognized(["mode": "aspect", "ratio": .decimal("1.5")]),
    ]
    return ItemNode(
      id: id, type: type, props: props, actions: actions, size: sizes[rng.below(sizes.count)],
      additionalFields: rng.chance(5) ? ["shimmer": ["speed": .integer(rng.below(5))]] : [:])
  }

  private mutating func value(depth: Int) -> JSONValue {
    switch rng.below(depth > 1 ? 5 : 7) {
    case 0: return .string(text())
    case 1: return .integer(rng.below(2_000_001) - 1_000_000)
    case 2: return .decimal(["0.75", "-1.5e3", "12.50"][rng.below(3)])
    case 3: return .bool(rng.chance(50))
    case 4: return .null
    case 5: return .array((0..<rng.below(3)).map { _ in value(depth: depth + 1) })
    default: return .object(["k\(rng.below(3))": value(depth: depth + 1)])
    }
  }

  private mutating func newSection() -> SectionNode {
    let id = nextID("section")
    return SectionNode(
      id: id, header: rng.chance(60) ? node(id: "title/\(id)") : nil,
      footer: rng.chance(20) ? node(id: "total/\(id)") : nil,
      items: (0..<rng.below(6)).map { _ in node(id: nextID("account")) },
      additionalFields: rng.chance(10) ? ["collapsed": .bool(rng.chance(50))] : [:])
  }

  /// Sections inserted, deleted and moved; headers, footers and fields changed; items
  /// inserted, deleted, changed and moved, within a section and across sections.
  private mutating func edited(_ sections: [SectionNode]) -> [SectionNode] {
    var travellers: [ItemNode] = []
    var result: [SectionNode] = []
    for section in sections {
      if rng.chance(10) {
        travellers += section.items.filter { _ in rng.chance(50) }
        continue
      }
      var items: [ItemNode] = []
      for item in section.items where !rng.chance(10) {
        let kept = rng.chance(15) ? node(id: item.id) : item
        if rng.chance(10) { travellers.append(kept) } else { items.append(kept) }
      }
      if items.count > 1 && rng.chance(30) { items.swapAt(0, items.count - 1) }
      for _ in 0..<rng.below(3) {
        items.insert(node(id: nextID("account")), at: rng.below(items.count + 1))
      }
      result.append(
        SectionNode(
          id: section.id, header: rng.chance(15) ? node(id: "title/\(section.id)") : section.header,
          footer: rng.chance(10) ? nil : section.footer, items: items,
          additionalFields: rng.chance(5) ? ["collapsed": true] : section.additionalFields))
    }
    if rng.chance(40) { result.insert(newSection(), at: rng.below(result.count + 1)) }
    if result.count > 1 && rng.chance(20) { result.swapAt(0, result.count - 1) }
    guard !result.isEmpty else { return result }
    for item in travellers {
      let s = rng.below(result.count)
      let section = result[s]
      var items = section.items
      items.insert(item, at: rng.below(items.count + 1))
      result[s] = SectionNode(
        id: section.id, header: section.header, footer: section.footer, items: items,
        additionalFields: section.additionalFields)
    }
    return result
  }

  // MARK: The real screens

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
