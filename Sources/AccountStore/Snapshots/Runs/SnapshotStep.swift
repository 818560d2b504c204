import AccountModel
import FeedVocabulary
import Foundation
import Postgres

/// One step of a many-owner snapshot (`AccountStore.storeSnapshots`): up to
/// `AccountStore.snapshotBatchSize` owners, read in one pipeline, drawn here, and written in
/// a fixed number of statements. Drawing needs no connection, so it runs while the server works
/// on the neighbouring steps' statements.
struct SnapshotStep {
  let owners: ArraySlice<String>

  /// What the step is drawn from: the owners' rows, then the latest chains of their home
  /// screens. Every batch draws the home screen; a content for another screen has its base read
  /// once it is known (`Drawn.writes(in:)`).
  var reads: [PostgresQuery] {
    AccountStore.feedRowsQueries(ofOwners: owners)
      + [AccountStore.latestChainsQuery(of: owners.map { ($0, Snapshot.homeScreen) })]
  }

  /// Renders the owners' next snapshots from the results of `reads` and, when they all show the
  /// home screen, works out what each records against its base.
  func draw(
    from results: [PostgresRows], recordingUnchanged: Bool,
    renderingAll renderAll: ([FeedRows]) throws -> [SnapshotContent]
  ) throws -> Drawn {
    let rows = try AccountStore.feedRows(from: results[0..<3], owners: owners)
    let contents = try renderAll(rows)
    var drawn = Drawn(
      takenAt: rows[0].readAt,
      rendered: zip(rows, contents).map {
        Drawn.Entry(owner: $0.owner.id, sequence: $0.owner.lastSnapshotSequence + 1, content: $1)
      },
      bases: try AccountStore.latestSnapshots(from: results[3]),
      recordingUnchanged: recordingUnchanged)
    if drawn.rendered.allSatisfy({ $0.content.screen == Snapshot.homeScreen }) {
      let recorded = try drawn.records()
      drawn.recorded = recorded
      if recorded.allSatisfy({ $0.entry.content.label == nil }) {
        drawn.ready = drawn.writes(of: recorded)
      }
    }
    return drawn
  }

  /// A drawn step: every owner's next snapshot, and what it records against its base.
  struct Drawn {
    struct Entry {
      var owner: String
      var sequence: Int64
      var content: SnapshotContent
    }

    struct Recorded {
      var entry: Entry
      var record: SnapshotRecord
      var nodes: [String: String]
      var summary: ChangeSummary
    }

    var takenAt: Date
    var rendered: [Entry]
    /// The latest snapshot of each owner's screen, by owner.
    var bases: [String: SnapshotBase]
    var recordingUnchanged: Bool
    /// What is recorded, once every base is known: always everyone when `recordingUnchanged`,
    /// otherwise those whose digest differs from their base's, as a write decides.
    var recorded: [Recorded]?
    /// The step's writes, when drawing could work them out without the connection.
    var ready: Writes?

    /// The records of what is recorded, worked out on every core.
    func records() throws -> [Recorded] {
      let entries = rendered.filter {
        recordingUnchanged || bases[$0.owner]?.feed.digest != $0.content.digest
      }
      return try entries.concurrentMap { entry in
        let base = bases[entry.owner]
        let record = try SnapshotRecord(entry.content, base: base)
        return Recorded(
          entry: entry, record: record,
          nodes: try record.nodesForItemTable(of: entry.content, base: base),
          summary: entry.content.summarize(base?.feed))
      }.map { try $0.get() }
    }

    /// Finishes what drawing could not do without the connection — the bases of screens other
    /// than home, the check that no label is taken — and returns the step's writes.
    func writes(in tx: PostgresTransaction) throws -> Writes {
      if let ready { return ready }
      var drawn = self
      if drawn.recorded == nil {
        let others = rendered.filter { $0.content.screen != Snapshot.homeScreen }
        for entry in others { drawn.bases[entry.owner] = nil }
        drawn.bases.merge(
          try AccountStore.latestSnapshots(of: others.map { ($0.owner, $0.content.screen) }, in: tx)
        ) { $1 }
        drawn.recorded = try drawn.records()
      }
      let recorded = drawn.recorded ?? []
      try AccountStore.requireFreeLabels(
        recorded.map { ($0.entry.owner, $0.entry.content.label) }, in: tx)
      return drawn.writes(of: recorded)
    }

    /// The statements that store `recorded`, once every label is known to be free.
    fileprivate func writes(of recorded: [Recorded]) -> Writes {
      if recorded.isEmpty { return Writes(statements: [], infos: [], heads: []) }
      // What each written row holds, as `storeSnapshot` reads its row back: every value is one
      // sent, and `taken_at` is the transaction's `now()`, which the rows were read at.
      var nodes: [String: String] = [:]
      var infos: [SnapshotInfo] = []
      var heads: [Writes.Head] = []
      for item in recorded {
        let (owner, content) = (item.entry.owner, item.entry.content)
        nodes.merge(item.nodes) { $1 }
        let info = SnapshotInfo(
          ownerID: owner, sequence: item.entry.sequence, takenAt: takenAt, label: content.label,
          reason: content.reason, digest: content.digest, screen: content.screen,
          summary: item.summary)
        infos.append(info)
        // A long feed keeps its head (AccountStore+FeedHeads.swift), so its next write is
        // patched.
        if content.feed.itemCount >= AccountStore.smallestHeadedFeed {
          heads.append(
            Writes.Head(content: content, info: info, record: item.record, base: bases[owner]))
        }
      }
      return Writes(
        statements: AccountStore.batchWrites(of: recorded, infos: infos, nodes: nodes),
        infos: infos, heads: heads)
    }
  }

  /// A drawn step's statements, and what follows once they have run.
  struct Writes {
    struct Head {
      var content: SnapshotContent
      var info: SnapshotInfo
      var record: SnapshotRecord
      var base: SnapshotBase?
    }

    var statements: [PostgresQuery]
    /// What is stored, in the owners' order.
    var infos: [SnapshotInfo]
    var heads: [Head]

    /// Brings the heads of the step's long feeds up to their new snapshots.
    func updateHeads(in tx: PostgresTransaction) throws {
      for head in heads {
        let owner = head.info.ownerID
        try AccountStore.updateHead(
          owner: owner, content: head.content, sequence: head.info.sequence,
          base: head.base.map { ($0.sequence, $0.feed) },
          head: try AccountStore.head(owner: owner, screen: head.content.screen, in: tx),
          checkpointBytes: head.record.checkpointBytes(base: head.base), in: tx)
      }
    }
  }
}
