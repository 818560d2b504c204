import AccountStore
import FeedService
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// `/readyz` of a server whose read replica is down: 200 (the primary serves), and what it says
/// of the replica is the contract's fixed words (`Ready` in docs/openapi.json, held by
/// `ContractCheck`), never where the replica is or what PostgreSQL said.
@Suite("Phone API: readiness with a read replica down")
struct ReplicaReadinessRouteTests {
  @Test func theAnswerNamesTheReplicaInFixedWordsOnly() throws {
    try TestDatabase.with(.migrated) { database in
      let primary = database.configuration
      let replica = PostgresConfiguration(
        "host=/nonexistent-accountfeed-replica port=6543 user=replica_reader connect_timeout=1")
      let service = FeedService(
        store: { try AccountStore(primary) }, replicaStore: { try AccountStore(replica) })
      try withPhoneAPI(service: service) { port in
        let ready = try httpRequest(port: port, "GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.json?["reads"] as? String == "primary")
        #expect(ready.json?["replica"] as? String == ReplicaStatus.Problem.unreachable.rawValue)
        for detail in ["nonexistent-accountfeed-replica", "6543", "replica_reader"] {
          #expect(!ready.text.contains(detail))
        }
      }
    }
  }
}
