/// How a snapshot's feed is written against its screen's latest snapshot: a delta when the
/// chain has room for it, otherwise a checkpoint (see `AccountStore.storeSnapshot`), and where
/// the nodes of its new items go.
struct SnapshotRecord {
  var body: String
  /// The snapshot the body is a delta against; nil for a checkpoint.
  var baseSequence: Int64?
  var chainBytes = 0
  var chainLength = 0
  /// The nodes a checkpoint of a feed too short to keep a head carries in its own row
  /// (`feed_snapshots.nodes`, SQL/013), digest → node; nil when they are in `feed_items`.
  /// A short feed's items are mostly its owner's alone, so storing them one row each in
  /// `feed_items` cost a bulk snapshot far more — a lookup and an insert into a key of random
  /// digests per item — than the few kilobytes the checkpoint's row grows by.
  var carriedNodes: [String: String]?

  /// A delta against `base`, or a checkpoint when there is no base, the chain is at its
  /// longest (`AccountStore.longestChain`), or its deltas would outweigh its checkpoint and
  /// `AccountStore.smallestChainBudget`.
  init(_ feed: StoredFeed, base: SnapshotBase?) {
    if let base {
      let delta = SnapshotBody.encode(feed, against: base.feed)
      let bytes = base.chainBytes + delta.utf8.count
      let length = base.chainLength + 1
      if bytes <= max(base.checkpointBytes, AccountStore.smallestChainBudget),
        length <= AccountStore.longestChain
      {
        body = delta
        baseSequence = base.sequence
        chainBytes = bytes
        chainLength = length
        return
      }
    }
    body = SnapshotBody.encode(feed, against: nil)
  }

  /// The bytes of the chain's checkpoint once this record is stored: its own body when it is
  /// one, its base's chain's otherwise.
  func checkpointBytes(base: SnapshotBase?) -> Int {
    if baseSequence == nil { return body.utf8.count }
    return base?.checkpointBytes ?? body.utf8.count
  }

  /// `content`'s record against `base`: a checkpoint of a short feed carries the nodes of all
  /// its items.
  init(_ content: SnapshotContent, base: SnapshotBase?) throws {
    self.init(content.feed, base: base)
    if baseSequence == nil, content.feed.itemCount < AccountStore.smallestHeadedFeed {
      let digests = content.feed.itemDigests
      carriedNodes = try AccountStore.nodes(digests, from: content.nodes(digests))
    }
  }

  /// The nodes of `content`'s items this record needs in `feed_items`, by digest: none when it
  /// carries them; a delta's that its base did not show (the base's are found in its chain);
  /// every one for a checkpoint that refers to them, since the chain before it may have carried
  /// them in a checkpoint of its own (inserting a stored node again changes nothing).
  func nodesForItemTable(of content: SnapshotContent, base: SnapshotBase?) throws
    -> [String: String]
  {
    if carriedNodes != nil { return [:] }
    return try AccountStore.newNodes(
      of: content, except: baseSequence == nil ? [] : base?.feed.itemDigests ?? [])
  }

  /// `carriedNodes` as stored: a line per node, in digest order — the digest, a space, the
  /// node's compact JSON text (which holds no line break: JSON escapes control characters).
  /// Nodes are copied in as they are: written as JSON strings, each quote in them was escaped
  /// once for JSON and its backslash again for `COPY`, a third more bytes to send and scan.
  var carriedNodesText: String? {
    carriedNodes.map(Self.nodesText)
  }

  /// `nodes` as `carriedNodesText` writes them.
  ///
  /// Every bulk snapshot writes one of these per owner, so the lines are put together as bytes
  /// in one buffer: growing a `String` piece by piece cost a twelfth of `snapshot --all`.
  static func nodesText(_ nodes: [String: String]) -> String {
    var lines = Array(nodes)
    lines.sort { $0.key < $1.key }
    var text: [UInt8] = []
    text.reserveCapacity(lines.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 })
    for (digest, node) in lines {
      text.append(contentsOf: digest.utf8)
      text.append(UInt8(ascii: " "))
      text.append(contentsOf: node.utf8)
      text.append(UInt8(ascii: "\n"))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The nodes snapshot `sequence` of owner `id` carries (`nodes` as stored; none when nil).
  static func carriedNodes(_ text: String?, sequence: Int64, owner id: String) throws
    -> [String: String]
  {
    guard let text, !text.isEmpty else { return [:] }
    var nodes: [String: String] = [:]
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for line in lines.dropLast() {
      let digest = line.prefix(64)
      guard digest.count == 64, digest.allSatisfy(Self.isHexDigit),
        line.dropFirst(64).first == UInt8(ascii: " "), line.count > 65
      else { break }
      nodes[String(Substring(digest))] = String(Substring(line.dropFirst(65)))
    }
    guard text.utf8.last == UInt8(ascii: "\n"), nodes.count == lines.count - 1 else {
      throw AccountStoreError.damaged(
        "snapshot \(sequence) of owner '\(id)' carries item nodes that are not lines of a digest and a node"
      )
    }
    return nodes
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }
}
