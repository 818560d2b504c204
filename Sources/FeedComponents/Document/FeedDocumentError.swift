/// Why a feed could not be built or read. Every case describes itself in one lower-case clause,
/// so a caller can put it after a colon (`feed file 'a.json': the id …`) and keep one sentence.
public enum FeedDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not JSON.
  case notJSON(JSONParseError)
  /// A field is missing or has the wrong shape; `path` says where, such as `sections[0].items[2].type`.
  case invalidField(path: String, reason: String)
  /// The document does not say it is a feed document.
  case unknownSchema(String?)
  /// The document's major version is one this reader does not understand.
  case unsupportedVersion(found: String, readableMajors: ClosedRange<Int>)
  /// A stored digest differs from the digest of the content next to it.
  case digestMismatch(id: String, place: String, stored: String, computed: String)
  /// Two sections, or two items, share an id.
  case duplicateID(id: String, first: String, second: String)
  /// An id does not follow `FeedIdentifier`'s syntax (this includes the empty id).
  case invalidID(id: String, place: String, reason: String)

  public var description: String {
    switch self {
    case .notJSON(let error):
      return "the feed document is not valid JSON at byte \(error.offset): \(error.reason)"
    case .invalidField(let path, let reason):
      return "the feed document's \(path) is invalid: \(reason)"
    case .unknownSchema(let schema?):
      return "the document's schema is \"\(schema)\", not \"\(FeedDocument.schemaName)\""
    case .unknownSchema(nil):
      return "the document has no \"schema\" marker, so it is not a feed document"
    case .unsupportedVersion(let found, let readableMajors):
      return
        "the feed document has version \(found), but this reader understands only major versions \(readableMajors.lowerBound) to \(readableMajors.upperBound)"
    case .digestMismatch(let id, let place, let stored, let computed):
      return
        "the digest of \"\(id)\" (\(place)) does not match its content: stored \(stored), computed \(computed)"
    case .duplicateID(let id, let first, let second):
      return "the id \"\(id)\" is used twice: by \(first) and by \(second)"
    case .invalidID(let id, let place, let reason):
      return "the id \"\(id)\" of \(place) is not valid: \(reason)"
    }
  }
}
