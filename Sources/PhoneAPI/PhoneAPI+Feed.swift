import FeedAssembler
import FeedComponents
import FeedService
import FeedWire
import Foundation
import HTTPServer

extension PhoneAPI {
  /// `GET /v1/feed`: the owner's document, its digest as the ETag (the one representation whose
  /// tag is the bare digest: the document `since` and `Last-Event-ID` name); 304 when the phone
  /// has it. A phone that states its capabilities gets the home screen built for them, as
  /// `/v1/screens/home` serves it, so it is never sent a type it cannot draw.
  func feed(_ request: HTTPRequest) throws -> HTTPResponse {
    if request.header(Self.capabilitiesHeader) != nil {
      return try screen(request, named: ScreenCatalog.home)
    }
    let scope = try scope(of: request)
    let feed = try serving {
      try service.servedFeed(in: scope, holding: Self.heldDigest(request.header("if-none-match")))
    }
    return represent(feed, request: request)
  }

  /// `feed(_:)` answered from the process's cache alone, on the network thread: a known token
  /// whose owner's feed is cached, and no `Client-Capabilities` (a screen is built per
  /// request). Nil for anything else — a miss, a refusal to make —, which `feed(_:)` then
  /// answers on a worker.
  func cachedFeed(_ request: HTTPRequest) -> HTTPResponse? {
    guard request.header(Self.capabilitiesHeader) == nil, let token = request.bearerToken,
      let (_, feed) = service.cachedFeed(bearer: token)
    else { return nil }
    return represent(feed, request: request)
  }

  /// A served feed as the request asks for it (`represent(tag:vary:request:body:)`): the gzip
  /// it is kept in, or its JSON. Nothing is compressed, so a network thread may answer it.
  private func represent(_ feed: ServedFeed, request: HTTPRequest) -> HTTPResponse {
    represent(tag: EntityTag(feed.digest), vary: Self.documentVary, request: request) {
      $0 == .gzip ? feed.gzipped : feed.json
    }
  }

  /// `GET /v1/feed/changes?since=<digest>`: the changeset/2 from the phone's document to the
  /// current one (no stages when it is current); 409 when the service does not know the base.
  /// Its tag is the target digest, so a phone that asks again with `If-None-Match` gets 304.
  func changes(_ request: HTTPRequest) throws -> HTTPResponse {
    let scope = try scope(of: request)
    guard let base = request.query["since"], !base.isEmpty else {
      throw HTTPError.badRequest("give the digest of the document you hold as ?since=DIGEST")
    }
    let changeset: WireChangeset
    switch try serving({ try service.changes(since: base, in: scope) }) {
    case .current(let feed):
      let document = try feed.document()
      changeset = WireChangeset(from: document, to: document)
    case .changes(let found):
      changeset = found
    }
    return represent(
      changeset.encoded(), tag: EntityTag(changeset.target),
      vary: "Authorization, Accept-Encoding", owner: scope.ownerID ?? "", request: request)
  }

  /// The digest of the document a phone says it holds: the first tag of its `If-None-Match`
  /// (a tag is the digest, then `-…` for another representation, e.g. `-gzip`), nil without one.
  static func heldDigest(_ ifNoneMatch: String?) -> String? {
    guard let first = ifNoneMatch?.split(separator: ",").first else { return nil }
    var tag = first.trimmingOptionalWhitespace()
    if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
    guard tag.count >= 2, tag.first == "\"", tag.last == "\"" else { return nil }
    return String(tag.dropFirst().dropLast().prefix { $0 != "-" })
  }

  /// A document may change at any moment, so a phone always asks again, with its ETag.
  static func cacheHeaders(_ tag: EntityTag) -> [(name: String, value: String)] {
    [("ETag", tag.header), ("Cache-Control", "private, no-cache")]
  }
}
