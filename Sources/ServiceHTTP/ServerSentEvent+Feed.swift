import FeedComponents
import FeedWire
import HTTPServer

extension ServerSentEvent {
  /// A changeset as a follower receives it: event `changeset`, its data changeset/2, its id the
  /// digest it brings the follower to, so `Last-Event-ID` resumes from there.
  public static func changeset(_ changeset: WireChangeset) -> ServerSentEvent {
    ServerSentEvent(
      id: changeset.target, event: "changeset",
      data: String(decoding: changeset.encoded(), as: UTF8.self))
  }

  /// A whole document, for a follower that holds nothing the service knows: event `feed`, its
  /// id the document's digest.
  public static func feed(_ document: FeedDocument) -> ServerSentEvent {
    ServerSentEvent(
      id: document.digest, event: "feed", data: String(decoding: document.encoded(), as: UTF8.self))
  }
}
