import FeedComponents
import SplitMix

/// Random pairs of real feed documents for the property tests — the one seeded generator of
/// feeds the suites share (the diff's, the wire's, the contract's, the preview's) — with varied
/// nodes: every known and an unknown type, props of every JSON kind (non-ASCII and escaped
/// strings, negative integers, decimals, nesting), every action and size, headers, footers and
/// newer fields on sections and documents.
///
/// Case `n` picks a shape by `n % 10`: everything new from an empty feed, everything removed, full
/// reversal, every item replaced, an unchanged feed, and otherwise a random mix of section and item
/// inserts, deletes, content updates, header/footer/field changes, in-section and cross-section
/// moves (including items leaving deleted sections and joining inserted ones).
public struct RandomDocuments {
  /// What a generated item's props are.
  public enum Props: Sendable {
    /// Any JSON under any type: what the diff and the wire carry, whatever the type says.
    case any
    /// The props each known type requires, as the contract's schemas say (docs/openapi.json),
    /// besides a type no version knows: documents a phone may be sent.
    case typed
  }

  private var rng: SplitMix64
  private var counter = 0
  private let props: Props

  /// A section while it is being generated.
  private struct Draft {
    var id: String
    var header: ItemNode?
    var footer: ItemNode?
    var fields: [String: JSONValue]
    var items: [ItemNode]
  }

  public init(seed: UInt64, props: Props = .any) {
    rng = SplitMix64(seed: seed)
    self.props = props
  }

  public mutating func pair(case n: Int) throws -> (base: FeedDocument, target: FeedDocument) {
    let old = randomFeed()
    let new: [Draft]
    switch n % 10 {
    case 0: return (try document([], owner: "o"), try document(old, owner: "o"))
    case 1: new = []
    case 2:
      new = old.reversed().map { section in
        var section = section
        section.items.reverse()
        return section
      }
    case 3:
      new = old.map { section in
        var section = section
        section.items = section.items.map { _ in newItem() }
        return section
      }
    case 4: new = old
    default: new = mutated(old)
    }
    let owner = rng.chance(10) ? "someone-else" : "o"
    var fields: [String: JSONValue] = [:]
    if rng.chance(10) { fields["theme"] = .string(rng.chance(50) ? "dark" : "light") }
    return (try document(old, owner: "o"), try document(new, owner: owner, fields: fields))
  }

  private func document(
    _ drafts: [Draft], owner: String, fields: [String: JSONValue] = [:]
  ) throws -> FeedDocument {
    try FeedDocument(
      owner: owner,
      sections: drafts.map {
        SectionNode(
          id: $0.id, header: $0.header, footer: $0.footer, items: $0.items,
          additionalFields: $0.fields)
      },
      additionalFields: fields)
  }

  // MARK: Nodes

  private mutating func nextID(_ kind: String) -> String {
    counter += 1
    return "\(kind)/\(counter)"
  }

  private mutating func newItem() -> ItemNode {
    node(id: nextID(["account", "notice", "total", "promo"][rng.below(4)]))
  }

  private mutating func node(id: String) -> ItemNode {
    let typed = props == .typed ? typedProps() : nil
    let props = typed?.props ?? anyProps()
    var actions: [String: Action] = [:]
    if rng.chance(50) { actions["touch"] = .openURL("app://accounts/\(rng.below(100))") }
    if rng.chance(20) { actions["dismiss"] = .dismissNotice(id: id) }
    if rng.chance(10) { actions["toggle"] = .custom(name: "flip", payload: value(depth: 1)) }
    if rng.chance(5) { actions["swipe"] = .unrecognized(["kind": "archive", "soft": true]) }
    let sizes: [ComponentSize] = [
      .automatic, .fixed(height: 64), .estimated(height: 40 + rng.below(80)),
      .unrecognized(["mode": "aspect", "ratio": .decimal("1.5")]),
    ]
    var fields: [String: JSONValue] = [:]
    if rng.chance(5) { fields["shimmer"] = ["speed": .integer(rng.below(5))] }
    let type = typed?.type ?? anyType()
    return ItemNode(
      id: id, type: type, props: props, actions: actions, size: sizes[rng.below(sizes.count)],
      additionalFields: fields)
  }

  /// Up to three props of any JSON kind, whatever the type.
  private mutating func anyProps() -> [String: JSONValue] {
    var props: [String: JSONValue] = [:]
    for _ in 0..<rng.below(3) {
      let keys = ["title", "value", "subtitle", "message", "ratio", "count", "tags", "on", "extra"]
      props[keys[rng.below(keys.count)]] = value(depth: 0)
    }
    return props
  }

  private mutating func anyType() -> String {
    let types = ["account_row", "notice", "title", "summary_row", "toggle_row", "promo_carousel"]
    return types[rng.below(types.count)]
  }

  /// A known type with the props it requires (and some it may have), or `promo_carousel`, which
  /// no version knows, with props of any kind.
  private mutating func typedProps() -> (type: String, props: [String: JSONValue]) {
    switch rng.below(8) {
    case 0:
      var props: [String: JSONValue] = [
        "title": text(), "value": .string("\(rng.below(1_000_000))원"),
      ]
      if rng.chance(50) { props["subtitle"] = text() }
      return ("account_row", props)
    case 1:
      var props = [
        "message": text(), "severity": .string(["info", "warning", "critical"][rng.below(3)]),
      ]
      if rng.chance(30) { props["button_title"] = text() }
      return ("notice", props)
    case 2: return ("title", ["text": text()])
    case 3: return ("summary_row", ["label": text(), "value": text()])
    case 4: return ("toggle_row", ["title": text(), "is_on": .bool(rng.chance(50))])
    case 5: return ("empty_state", ["message": text()])
    case 6: return ("text_row", ["text": text()])
    default: return ("promo_carousel", ["slides": value(depth: 0), "ratio": .decimal("1.50")])
    }
  }

  private mutating func text() -> JSONValue {
    let texts = ["116,848원", "저축 통장", "a \"quoted\" / slash", "line\nbreak\ttab\u{1}", "", "é 🇰🇷"]
    return .string(texts[rng.below(texts.count)])
  }

  private mutating func value(depth: Int) -> JSONValue {
    let texts = ["116,848원", "저축 통장", "a \"quoted\" / slash", "line\nbreak", "", "é"]
    switch rng.below(depth > 1 ? 6 : 8) {
    case 0: return .string(texts[rng.below(texts.count)])
    case 1: return .integer(rng.below(2_000_001) - 1_000_000)
    case 2: return .decimal(["0.75", "-1.5e3", "12.50"][rng.below(3)])
    case 3: return .bool(rng.chance(50))
    case 4: return .null
    case 5: return .string("\(rng.below(1000))원")
    case 6: return .array((0..<rng.below(3)).map { _ in value(depth: depth + 1) })
    default: return .object(["k\(rng.below(3))": value(depth: depth + 1)])
    }
  }

  /// The same item with different content: its props, actions or size change.
  private mutating func changed(_ item: ItemNode) -> ItemNode {
    var props = item.props
    var actions = item.actions
    var size = item.size
    switch rng.below(3) {
    case 0: props["value"] = .string("\(rng.below(1_000_000))원 (changed \(counter))")
    case 1: actions["button"] = .openURL("app://changed/\(counter)")
    default: size = .fixed(height: 100 + counter)
    }
    counter += 1
    return ItemNode(
      id: item.id, type: item.type, props: props, actions: actions, size: size,
      additionalFields: item.additionalFields)
  }

  // MARK: Feeds

  private mutating func newSection() -> Draft {
    let id = nextID("section")
    var items: [ItemNode] = []
    for _ in 0..<rng.below(6) { items.append(newItem()) }
    return Draft(
      id: id, header: rng.chance(60) ? node(id: "title/\(id)") : nil,
      footer: rng.chance(20) ? node(id: "footer/\(id)") : nil,
      fields: rng.chance(10) ? ["collapsed": .bool(rng.chance(50))] : [:], items: items)
  }

  private mutating func randomFeed() -> [Draft] {
    var feed: [Draft] = []
    for _ in 0..<rng.below(6) { feed.append(newSection()) }
    return feed
  }

  private mutating func mutated(_ old: [Draft]) -> [Draft] {
    var travellers: [ItemNode] = []
    var feed: [Draft] = []
    for section in old {
      if rng.chance(15) {
        if rng.chance(50) { travellers += section.items.filter { _ in rng.chance(50) } }
        continue
      }
      var kept = section
      if rng.chance(15) { kept.header = node(id: "title/\(section.id)") }
      if rng.chance(10) {
        kept.footer = kept.footer == nil ? node(id: "footer/\(section.id)") : nil
      }
      if rng.chance(5) { kept.fields = ["collapsed": .bool(rng.chance(50))] }
      kept.items = []
      for var item in section.items {
        if rng.chance(15) { continue }
        if rng.chance(15) { item = changed(item) }
        if rng.chance(10) {
          travellers.append(item)
        } else {
          kept.items.append(item)
        }
      }
      feed.append(kept)
    }
    for _ in 0..<rng.below(3) { feed.insert(newSection(), at: rng.below(feed.count + 1)) }
    if feed.count > 1 && rng.chance(30) {
      feed.swapAt(rng.below(feed.count), rng.below(feed.count))
    }
    if rng.chance(10) { feed.shuffle(using: &rng) }
    guard !feed.isEmpty else { return feed }
    for s in feed.indices {
      var items = feed[s].items
      if items.count > 1 && rng.chance(30) {
        let item = items.remove(at: rng.below(items.count))
        items.insert(item, at: rng.below(items.count + 1))
      }
      if rng.chance(10) { items.shuffle(using: &rng) }
      for _ in 0..<rng.below(3) { items.insert(newItem(), at: rng.below(items.count + 1)) }
      feed[s].items = items
    }
    for item in travellers {
      let s = rng.below(feed.count)
      feed[s].items.insert(item, at: rng.below(feed[s].items.count + 1))
    }
    return feed
  }
}
