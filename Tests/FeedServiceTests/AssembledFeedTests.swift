import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import Foundation
import Testing

@testable import FeedService

/// The assembler fed by a real database. What the assembler makes of rows is specified in
/// `FeedAssemblerTests` with rows built by hand; these tests cover only what needs the store:
/// the rows it reads and the snapshots it keeps.
@Suite struct AssembledFeedTests {
  @Test func rowsReadFromTheDatabaseAssembleLikeTheSameRowsBuiltByHand() throws {
    let (read, byHand) = try withStore { store in
      let accountIDs = try store.add(seedChanges)
      let rows = try store.feedRows(owner: seedOwner)
      let byHand = seedRows(
        accountIDs: accountIDs, noticeID: try store.seedNoticeID(), readAt: rows.readAt)
      return (try FeedAssembler().assemble(rows), try FeedAssembler().assemble(byHand))
    }
    #expect(
      String(decoding: read.encoded(), as: UTF8.self)
        == String(decoding: byHand.encoded(), as: UTF8.self))
  }

  @Test func snapshotsOfAnUnchangedFeedAreTheLiveDocumentByteForByte() throws {
    let (live, stored) = try withStore { store in
      try store.add(seedChanges)
      let assembler = FeedAssembler()
      for _ in 0..<2 {
        try store.takeSnapshot(owner: seedOwner) { rows in
          try assembler.snapshotContent(for: rows, reason: "snapshot")
        }
      }
      let live = try assembler.assemble(try store.feedRows(owner: seedOwner))
      let stored = try [1, 2].map { sequence in
        try FeedDocument(snapshot: try store.snapshot(owner: seedOwner, sequence: sequence))
      }
      return (live, stored)
    }
    #expect(live.owner == seedOwner)
    #expect(stored.map { $0.encoded() } == [live.encoded(), live.encoded()])
  }

  @Test func sameDataInAnotherDatabaseGivesByteIdenticalJSON() throws {
    func seedJSON() throws -> Data {
      try withStore { store in
        try store.add(seedChanges)
        return try FeedAssembler().assemble(try store.feedRows(owner: seedOwner)).encoded()
      }
    }
    #expect(try seedJSON() == seedJSON())
  }
}

/// What the store keeps as a snapshot is the assembled document, byte for byte, and a write
/// that leaves the screen as it was keeps none.
@Suite struct SnapshotContentTests {
  @Test func storedSnapshotHoldsTheAssembledDocument() throws {
    let (snapshot, document) = try withStore { store in
      try store.add(seedChanges)
      let assembler = FeedAssembler()
      let info = try store.takeSnapshot(owner: seedOwner) { rows in
        try assembler.snapshotContent(for: rows, label: "first", reason: "snapshot")
      }
      let document = try assembler.assemble(try store.feedRows(owner: seedOwner))
      return (try store.snapshot(owner: seedOwner, sequence: info.sequence), document)
    }
    #expect(snapshot.info.digest == document.digest)
    #expect(snapshot.info.label == "first")
    let stored = try FeedDocument(snapshot: snapshot)
    #expect(stored.encoded() == document.encoded())
  }

  @Test func aWriteRecordsTheDocumentTheOwnerIsShownAfterIt() throws {
    let (snapshot, live) = try withStore { store in
      let service = FeedService { store }
      let ids = try store.add(seedChanges)
      try service.apply(
        [.updateAccount(id: ids[1], AccountUpdate(balance: 25_000))], in: .anyOwner,
        reason: "account update")
      let snapshot = try #require(try store.latestSnapshot(owner: seedOwner))
      return (snapshot, try service.liveDocument(owner: seedOwner))
    }
    #expect(snapshot.info.reason == "account update")
    #expect(try FeedDocument(snapshot: snapshot).encoded() == live.encoded())
  }

  @Test func aWriteTheScreenDoesNotShowRecordsNoSnapshot() throws {
    let history = try withStore { store in
      let service = FeedService { store }
      let ids = try store.add(seedChanges)
      try service.apply(
        [.updateAccount(id: ids[2], AccountUpdate(hidden: true))], in: .anyOwner, reason: "hide")
      try service.apply(
        [.updateAccount(id: ids[2], AccountUpdate(name: "숨긴 비상금"))], in: .anyOwner,
        reason: "rename hidden")
      return try store.snapshots(owner: seedOwner).map(\.reason)
    }
    #expect(history == ["hide"])
  }
}
