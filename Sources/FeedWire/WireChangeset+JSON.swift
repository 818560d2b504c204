import FeedComponents
import FeedDiff
import FeedVocabulary
import Foundation

extension WireChangeset {
  /// The wire form: `{"schema", "base", "target", "document", "stages", "summary"}`, where
  /// `document` is the target's top-level fields without `sections` and `digest`.
  public var json: JSONValue {
    var document = additionalFields
    document["schema"] = .string(FeedDocument.schemaName)
    document["version"] = .string(version.description)
    document["owner"] = .string(owner)
    return [
      "schema": .string(Self.schemaName),
      "base": .string(base),
      "target": .string(target),
      "document": .object(document),
      "stages": .array(stages.map(\.json)),
      "summary": [
        "add": .integer(summary.added), "change": .integer(summary.changed),
        "remove": .integer(summary.removed), "move": .integer(summary.moved),
      ],
    ]
  }

  /// Canonical JSON (`CanonicalJSONWriter`): the same changeset gives the same bytes in every
  /// process. The compact form is what travels.
  public func encoded(pretty: Bool = false) -> Data {
    CanonicalJSONWriter(pretty: pretty).data(json)
  }

  /// Reads a changeset from JSON bytes.
  public init(data: Data) throws(WireChangesetError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(Array(data))
    } catch {
      throw .notJSON(error)
    }
    try self.init(json: value)
  }

  /// Reads a changeset. A `feeddiff.changeset/1` is refused with `contentMissing`: it has no
  /// content, so nothing could be applied from it.
  public init(json: JSONValue) throws(WireChangesetError) {
    guard json.objectValue != nil else {
      throw .malformed(path: "changeset", reason: "it must be a JSON object")
    }
    let schema = json["schema"]?.stringValue
    guard schema != Self.contentFreeSchemaName else { throw .contentMissing }
    guard schema == Self.schemaName else { throw .unknownSchema(schema) }
    let changeset = try JSONFields(json, path: "")
    let document = try changeset.object("document")
    var header = document.members
    header["sections"] = .array([])
    let shape = try changeset.content("document") { _, _ throws(FeedDocumentError) in
      try FeedDocument(json: .object(header))
    }
    guard let stageValues = changeset.members["stages"]?.arrayValue else {
      throw .malformed(path: "stages", reason: "it must be an array")
    }
    var stages: [WireStage] = []
    for (index, stage) in stageValues.enumerated() {
      stages.append(try WireStage(json: stage, path: "stages[\(index)]"))
    }
    let summary = try changeset.object("summary")
    self.init(
      base: try changeset.digest("base"), target: try changeset.digest("target"),
      owner: shape.owner, version: shape.version, additionalFields: shape.additionalFields,
      stages: stages,
      summary: ChangeSummary(
        added: try summary.index("add"), changed: try summary.index("change"),
        removed: try summary.index("remove"), moved: try summary.index("move")))
  }
}
