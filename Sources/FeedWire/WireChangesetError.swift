import FeedComponents

/// Why a changeset could not be read or applied. Each case describes itself in one line a person
/// understands, naming the stage (counted from 1) and the change where there is one.
public enum WireChangesetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not JSON.
  case notJSON(JSONParseError)
  /// A `feeddiff.changeset/1`: it names what changed but carries no content, so it cannot be
  /// applied.
  case contentMissing
  /// The `schema` marker is not a changeset's.
  case unknownSchema(String?)
  /// A field is missing or has the wrong shape, or carried content is not valid (such as an item
  /// whose digest does not match it); `path` says where, such as `stages[0].items.updated[1].item`.
  case malformed(path: String, reason: String)
  /// The document the changeset is applied to is not the one it was computed from.
  case baseMismatch(expected: String, found: String)
  /// A change points outside the feed as it stands at its stage.
  case indexOutOfRange(stage: Int, change: String)
  /// A change's ids disagree with the feed at its indices, or two changes claim one place.
  case inconsistent(stage: Int, reason: String)
  /// The rebuilt sections do not form a valid document (such as a repeated id).
  case invalidTarget(FeedDocumentError)
  /// The rebuilt document's digest is not the changeset's target.
  case targetMismatch(expected: String, computed: String)

  public var description: String {
    switch self {
    case .notJSON(let error):
      return "the changeset is not valid JSON at byte \(error.offset): \(error.reason)"
    case .contentMissing:
      return
        "the changeset is \(WireChangeset.contentFreeSchemaName), which carries no content, so it cannot be applied; ask for \(WireChangeset.schemaName)"
    case .unknownSchema(let schema?):
      return "the changeset's schema is \"\(schema)\", not \"\(WireChangeset.schemaName)\""
    case .unknownSchema(nil):
      return "the document has no \"schema\" marker, so it is not a changeset"
    case .malformed(let path, let reason):
      return "the changeset's \(path) is invalid: \(reason)"
    case .baseMismatch(let expected, let found):
      return
        "the changeset applies to the feed with digest \(expected), but this feed's digest is \(found)"
    case .indexOutOfRange(let stage, let change):
      return "stage \(stage + 1) of the changeset points outside the feed: \(change)"
    case .inconsistent(let stage, let reason):
      return "stage \(stage + 1) of the changeset does not fit the feed: \(reason)"
    case .invalidTarget(let error):
      return "the feed the changeset builds is not valid: \(error)"
    case .targetMismatch(let expected, let computed):
      return
        "the feed the changeset builds has digest \(computed), not the target digest \(expected)"
    }
  }
}
