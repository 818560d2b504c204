import AccountFeedClient
import FeedComponents
import Foundation
import Postgres
import PostgresTestSupport

/// A test database with the demo owner and a token, and `feedctl serve` over it: what a phone
/// talks to. Made by `LiveFeed.with`, which stops the server and drops the database afterwards,
/// even when the test fails.
struct LiveFeed: Sendable {
  let database: TestDatabase
  let server: ServeProcess
  let token: String

  /// Runs `body` with a live demo feed.
  static func with(_ body: (LiveFeed) async throws -> Void) async throws {
    let held = try await HeldDatabase.open()
    let live: LiveFeed
    do {
      live = try await offPool { try LiveFeed(database: held.database) }
    } catch {
      await held.release()
      throw error
    }
    do {
      try await body(live)
    } catch {
      await live.close(held)
      throw error
    }
    await live.close(held)
  }

  private init(database: TestDatabase) throws {
    let url = database.configuration.connectionString
    try FeedctlRunner.run(["migrate"], databaseURL: url)
    try FeedctlRunner.run(["demo"], databaseURL: url)
    let created = try FeedctlRunner.run(
      ["--owner", "demo", "token", "create", "--label", "phone"], databaseURL: url)
    guard let token = created.split(separator: "\n").last.map(String.init) else {
      throw FixtureError("no token in: \(created)")
    }
    self.database = database
    self.token = token
    server = try ServeProcess(databaseURL: url)
  }

  private func close(_ held: HeldDatabase) async {
    _ = try? await offPool { [server] in server.stop() }
    await held.release()
  }

  /// A client of this server with a quick reconnect, as tests need.
  func client(
    baseURL: URL? = nil, screen: String? = nil, cache: FeedCache? = nil, token: String? = nil
  ) -> FeedClient {
    FeedClient(
      FeedClientConfiguration(
        baseURL: baseURL ?? server.baseURL, token: token ?? self.token, screen: screen,
        cache: cache,
        reconnect: ReconnectPolicy(
          initialDelay: .milliseconds(50), maximumDelay: .milliseconds(500)),
        requestTimeout: 10, streamIdleTimeout: 20))
  }

  /// Runs SQL on the test database the way psql would: another program writing the rows.
  func execute(_ sql: String) async throws {
    try await offPool { [database] in try database.connect().executeScript(sql) }
  }

  /// A count read from the test database, as psql would read it.
  func count(_ sql: PostgresQuery) async throws -> Int64 {
    try await offPool { [database] in
      try database.connect().query(sql).single().decode(at: 0, as: Int64.self)
    }
  }

  /// The server's current document, fetched as a fresh phone would.
  func serverDocument() async throws -> FeedDocument {
    guard let fetched = try await client().fetch() else { throw FixtureError("no document") }
    return fetched.document
  }

  /// The server's document once it is no longer `digest`: the server forgets its cached feed when
  /// it hears a commit's notification, a moment after the commit, so a read just after a write
  /// may still be the old document.
  func serverDocument(changedFrom digest: String) async throws -> FeedDocument {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let document = try await serverDocument()
      if document.digest != digest { return document }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw FixtureError("the server's document stayed \(digest)")
  }

  /// Runs `feedctl arguments` against the test database.
  func feedctl(_ arguments: [String]) async throws -> String {
    try await offPool { [database] in
      try FeedctlRunner.run(arguments, databaseURL: database.configuration.connectionString)
    }
  }
}
