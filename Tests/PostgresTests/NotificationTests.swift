import Postgres
import PostgresTestSupport
import Testing

@Suite struct NotificationTests {
  @Test func listenerReceivesANotificationFromAnotherConnection() throws {
    try TestDatabase.with(.empty) { database in
      let listener = try database.connect()
      try listener.listen("feed-changes")
      try database.connect().notify("feed-changes", payload: "owner/7")
      let received = try listener.notifications(timeout: .seconds(5))
      #expect(received.map(\.channel) == ["feed-changes"])
      #expect(received.map(\.payload) == ["owner/7"])
    }
  }

  @Test func waitingWithNothingSentReturnsEmptyAfterTheTimeout() throws {
    try TestDatabase.with(.empty) { database in
      let listener = try database.connect()
      try listener.listen("quiet")
      #expect(try listener.notifications(timeout: .milliseconds(200)).isEmpty)
    }
  }
}
