import FeedComponents
import Foundation
import GzipCoding

/// An owner's current feed as a front end sends it: the digest (its ETag) and the canonical
/// JSON, kept gzipped — the coding nearly every phone asks for, at about a quarter of the
/// JSON's bytes —, so the served cache holds four times the owners in its bound and a phone
/// asking for gzip is answered with no work at all. Nothing else is kept: the decoded document
/// would cost several times the JSON, and only a catch-up needs it (`document()`).
public struct ServedFeed: Sendable {
  /// The document's SHA-256 digest, 64 lowercase hex digits.
  public let digest: String
  /// The document's canonical JSON (`FeedDocument.encoded()`) gzipped (`Gzip.compress`): its
  /// bytes depend on the document alone, so every instance sends the same ones.
  public let gzipped: Data
  /// The JSON's length in bytes.
  let jsonCount: Int

  init(_ document: FeedDocument) {
    let json = document.encoded()
    self.digest = document.digest
    self.gzipped = Gzip.compress(json)
    self.jsonCount = json.count
  }

  /// The document's canonical JSON, for a phone that does not accept gzip.
  public var json: Data {
    guard let json = Gzip.decompress(gzipped, size: jsonCount) else {
      preconditionFailure("a served feed's own gzip did not decompress")
    }
    return json
  }

  /// The document itself, decoded from its JSON (this process wrote it, so its digests are
  /// taken as given): for building a changeset to it, which a cached feed is not kept ready for.
  public func document() throws -> FeedDocument {
    try FeedDocument(json: JSONParser.parse(Array(json)), trustingDigests: true)
  }
}
