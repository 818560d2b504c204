import FeedComponents
import FeedDiff

// A stage's wire form. Empty lists, and a `sections` or `items` group with no lists, are left out,
// so a one-item change costs little more than the item; a reader treats a missing list as empty.

extension WireStage {
  /// `{"sections": {"deleted", "inserted", "updated", "moved"}, "items": {…}}`, see `docs/wire.md`.
  public var json: JSONValue {
    var sections: [String: JSONValue] = [:]
    sections["deleted"] = Self.list(sectionDeleted) {
      ["id": .string($0.id), "index": .integer($0.index)]
    }
    sections["inserted"] = Self.list(sectionInserted) {
      ["id": .string($0.id), "index": .integer($0.index), "section": $0.node.json]
    }
    sections["updated"] = Self.list(sectionUpdated) {
      ["id": .string($0.id), "index": .integer($0.index), "section": Self.shell($0.node)]
    }
    sections["moved"] = Self.list(sectionMoved) {
      ["id": .string($0.id), "from": .integer($0.source), "to": .integer($0.target)]
    }
    var items: [String: JSONValue] = [:]
    items["deleted"] = Self.list(itemDeleted) {
      ["id": .string($0.id), "section": .string($0.sectionID), "path": Self.path($0.path)]
    }
    items["inserted"] = Self.list(itemInserted, Self.content)
    items["updated"] = Self.list(itemUpdated, Self.content)
    items["moved"] = Self.list(itemMoved) {
      [
        "id": .string($0.id),
        "from": ["section": .string($0.sourceSectionID), "path": Self.path($0.source)],
        "to": ["section": .string($0.targetSectionID), "path": Self.path($0.target)],
      ]
    }
    var members: [String: JSONValue] = [:]
    if !sections.isEmpty { members["sections"] = .object(sections) }
    if !items.isEmpty { members["items"] = .object(items) }
    return .object(members)
  }

  /// Reads one stage; `path` names it in errors, such as `stages[1]`.
  init(json: JSONValue, path: String) throws(WireChangesetError) {
    let stage = try JSONFields(json, path: path)
    let sections = try stage.optionalObject("sections")
    let items = try stage.optionalObject("items")
    self.init()
    for entry in try sections.list("deleted") {
      sectionDeleted.append(
        SectionChange(id: try entry.string("id"), index: try entry.index("index")))
    }
    for entry in try sections.list("inserted") {
      let node = try entry.content("section") { value, path throws(FeedDocumentError) in
        try SectionNode(json: value, path: path)
      }
      try Self.check(node.id, matches: entry)
      sectionInserted.append(SectionContent(index: try entry.index("index"), node: node))
    }
    for entry in try sections.list("updated") {
      let shell = try entry.object("section")
      for key in ["items", "digest"] where shell.members[key] != nil {
        throw .malformed(
          path: shell.child(key),
          reason: "an updated section carries its header, footer and fields only")
      }
      var members = shell.members
      members["items"] = .array([])
      let node = try entry.content("section") { _, path throws(FeedDocumentError) in
        try SectionNode(json: .object(members), path: path)
      }
      try Self.check(node.id, matches: entry)
      sectionUpdated.append(SectionContent(index: try entry.index("index"), node: node))
    }
    for entry in try sections.list("moved") {
      sectionMoved.append(
        SectionMove(
          id: try entry.string("id"), source: try entry.index("from"), target: try entry.index("to")
        ))
    }
    for entry in try items.list("deleted") {
      itemDeleted.append(
        ElementChange(
          id: try entry.string("id"), sectionID: try entry.string("section"),
          path: try entry.elementPath("path")))
    }
    itemInserted = try items.list("inserted").map(Self.content)
    itemUpdated = try items.list("updated").map(Self.content)
    for entry in try items.list("moved") {
      let from = try entry.object("from")
      let to = try entry.object("to")
      itemMoved.append(
        ElementMove(
          id: try entry.string("id"), sourceSectionID: try from.string("section"),
          source: try from.elementPath("path"), targetSectionID: try to.string("section"),
          target: try to.elementPath("path")))
    }
  }

  private static func list<T>(_ changes: [T], _ entry: (T) -> JSONValue) -> JSONValue? {
    changes.isEmpty ? nil : .array(changes.map(entry))
  }

  private static func path(_ path: ElementPath) -> JSONValue {
    [.integer(path.section), .integer(path.element)]
  }

  private static func content(_ item: ItemContent) -> JSONValue {
    [
      "id": .string(item.id), "section": .string(item.sectionID), "path": path(item.path),
      "item": item.node.json,
    ]
  }

  private static func content(_ entry: JSONFields) throws(WireChangesetError) -> ItemContent {
    let node = try entry.content("item") { value, path throws(FeedDocumentError) in
      try ItemNode(json: value, path: path, place: "the item of \(path)")
    }
    try check(node.id, matches: entry)
    return ItemContent(
      sectionID: try entry.string("section"), path: try entry.elementPath("path"), node: node)
  }

  /// A section's wire form without its items and digest: what an update replaces.
  private static func shell(_ node: SectionNode) -> JSONValue {
    var members = node.json.objectValue ?? [:]
    members["items"] = nil
    members["digest"] = nil
    return .object(members)
  }

  private static func check(_ contentID: String, matches entry: JSONFields)
    throws(WireChangesetError)
  {
    let id = try entry.string("id")
    guard contentID == id else {
      throw .malformed(
        path: entry.child("id"), reason: "it is \"\(id)\", but its content's id is \"\(contentID)\""
      )
    }
  }
}
