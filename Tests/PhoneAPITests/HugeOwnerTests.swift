import AccountFeedTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing

/// An owner with 10,000 accounts, read by many connections at once, takes at most its share of
/// the server's workers: another owner's request is answered while the huge owner's wait.
@Suite("Phone API: a huge owner")
struct HugeOwnerTests {
  private static let hugeOwnerSQL = """
    INSERT INTO owners (id, display_name) VALUES ('whale', 'Whale');
    INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
    SELECT 'whale', 'account ' || n, 'checking', n, 'KRW', n FROM generate_series(1, 10000) n;
    ANALYZE;
    """

  /// Two workers, so the huge owner's phone may hold one. Its six screen reads (each built from
  /// every account, never cached) run one after another; carol, asking once they are queued,
  /// is answered while they still wait. Were the huge owner to hold both workers, carol would
  /// wait behind the four queued before her.
  @Test func aHugeOwnersReadsDoNotStallAnotherOwnersRequest() throws {
    var limits = HTTPLimits()
    limits.workers = 2
    // None of the six may be dropped for waiting, however loaded the machine.
    limits.maxQueueWaitSeconds = 120
    try PhoneFixture.with(limits: limits) { fixture in
      try fixture.database.connect().executeScript(Self.hugeOwnerSQL)
      let whale = try fixture.service.createToken(owner: "whale", label: nil, in: .anyOwner)
      let answered = Atomic<Int>(0)
      let readers = DispatchGroup()
      for _ in 0..<6 {
        readers.enter()
        Thread.detachNewThread {
          defer { readers.leave() }
          // Read raw, not through `request`: the answer counts the moment it has arrived,
          // before a contract check of a megabyte body.
          guard let connection = try? TestConnection(port: fixture.port, timeoutSeconds: 120),
            (try? connection.write(
              "GET /v1/screens/home HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer \(whale.secret)\r\n\r\n")) != nil,
            (try? connection.readResponse())?.status == 200
          else { return }
          answered.add(1, ordering: .sequentiallyConsistent)
        }
      }
      #expect(eventually(within: 60) { fixture.server.requestsWaiting >= 4 })
      let carol = try fixture.get("/v1/feed", token: fixture.carolToken)
      let hugeAnswered = answered.load(ordering: .sequentiallyConsistent)
      #expect(carol.status == 200)
      #expect(hugeAnswered <= 2, "carol was answered after \(hugeAnswered) of the 6 huge reads")
      readers.wait()
      #expect(answered.load(ordering: .sequentiallyConsistent) == 6)
    }
  }
}
