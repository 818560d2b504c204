import Foundation
import Postgres
import Synchronization

/// A database of its own for one test, created on the shared test server with the contents the
/// test asks for and dropped when the test ends — so tests never see each other's rows and can
/// run in parallel.
public struct TestDatabase: Sendable {
  /// How to connect to this test's database (a libpq keyword string that also works as
  /// `DATABASE_URL` for a child process such as `feedctl`).
  public let configuration: PostgresConfiguration
  public let name: String

  private static let counter = Atomic<Int>(0)

  /// Creates a fresh database holding `contents`, runs `body` with it, and drops it afterwards,
  /// even if `body` throws.
  public static func with<Result>(
    _ contents: Contents, _ body: (TestDatabase) throws -> Result
  ) throws -> Result {
    let database = try create(contents)
    defer { database.drop() }
    return try body(database)
  }

  private static func create(_ contents: Contents) throws -> TestDatabase {
    let server = try TestServer.shared.get()
    let number = counter.add(1, ordering: .relaxed).newValue
    let name = "accountfeed_test_\(getpid())_\(number)"
    let admin = try PostgresConnection(server.admin)
    var statement = "CREATE DATABASE \(try admin.quoteIdentifier(name))"
    if let template = contents.template {
      statement += " TEMPLATE \(try admin.quoteIdentifier(try template.name(on: server)))"
    }
    try admin.executeScript(statement)
    return TestDatabase(configuration: try server.admin.replacingDatabase(name), name: name)
  }

  private func drop() {
    guard let server = try? TestServer.shared.get(),
      let admin = try? PostgresConnection(server.admin),
      let quoted = try? admin.quoteIdentifier(name)
    else { return }
    try? admin.executeScript("DROP DATABASE IF EXISTS \(quoted) WITH (FORCE)")
  }

  /// A new connection to this test's database.
  public func connect() throws -> PostgresConnection {
    try PostgresConnection(configuration)
  }
}
