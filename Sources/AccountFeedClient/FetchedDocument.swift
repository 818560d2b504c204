import FeedComponents

/// A document as `FeedClient.fetch(ifNoneMatch:)` received it, with the `ETag` of its
/// representation: the value to send back in `If-None-Match` (it may carry `-gzip` or a
/// capabilities hash after the digest, so it is kept as the server sent it).
public struct FetchedDocument: Sendable {
  public let document: FeedDocument
  public let etag: String

  public init(document: FeedDocument, etag: String) {
    self.document = document
    self.etag = etag
  }
}
