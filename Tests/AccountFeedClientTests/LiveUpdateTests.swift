import AccountFeedClient
import Testing

/// Writes by another program (SQL, as psql would) reach a following client as changesets,
/// each verified, and every batch it hands the app passes the independent UIKit stage checker.
@Suite(.serialized, .timeLimit(.minutes(3))) struct LiveUpdateTests {
  @Test func outsideWritesArriveAsChangesetsWhoseBatchesUIKitAccepts() async throws {
    try await LiveFeed.with { live in
      let recorder = UpdateRecorder.follow(live.client())
      try await recorder.wait("the first document") { $0.count == 1 }
      #expect(recorder.updates.first?.source == .feed)
      #expect(recorder.updates.first?.batches.isEmpty == true)

      try await live.execute(
        "UPDATE accounts SET balance_minor = balance_minor + 1 WHERE name = '저축 통장'")
      try await recorder.wait("the balance change") { $0.count == 2 }
      try await live.execute(
        """
        INSERT INTO accounts (owner_id, name, balance_minor, currency)
        VALUES ('demo', '여행 통장', 7000, 'KRW');
        UPDATE notices SET message = '알림이 바뀌었어요.' WHERE owner_id = 'demo';
        """)
      try await recorder.wait("the new account and notice") {
        let text = $0.last.map { String(decoding: $0.document.encoded(), as: UTF8.self) } ?? ""
        return text.contains("여행 통장") && text.contains("알림이 바뀌었어요")
      }
      try await live.execute(
        "UPDATE accounts SET name = name || ' 2', position = 10 - position WHERE owner_id = 'demo'"
      )
      let expected = try await live.serverDocument(
        changedFrom: try #require(recorder.updates.last).document.digest)
      try await recorder.wait("the server's document") {
        $0.last?.document.digest == expected.digest
      }
      await recorder.stop()

      let updates = recorder.updates
      #expect(updates.dropFirst().allSatisfy { $0.source == .changeset })
      #expect(BatchCheck.problems(in: updates) == [])
      let batches = updates.flatMap(\.batches)
      #expect(batches.contains { !$0.itemReloads.isEmpty })
      #expect(batches.contains { !$0.itemInserts.isEmpty })
    }
  }
}
