import Foundation
import Postgres
import Synchronization

/// A database prepared once per test process and then copied for every test that asks for it
/// (`CREATE DATABASE … TEMPLATE`): copying a few megabytes of files is much cheaper than
/// preparing each test's database again, for example by running every migration.
///
/// PostgreSQL refuses to copy a database while anyone is connected to it. So the template is
/// prepared under a lock that every copy waits for, the preparing connection is closed and seen
/// gone before the first copy, and from then on the template accepts no connections at all —
/// copies made at the same time from a template nobody can open cannot disturb one another.
public final class TemplateDatabase: Sendable {
  private let label: String
  private let prepare: @Sendable (PostgresConnection) throws -> Void
  private let prepared = Mutex<Result<String, any Error>?>(nil)

  /// A template called `label` among this process's databases, filled by `prepare` on its first
  /// use. Only the first failure is reported: every later test copying it fails the same way.
  public init(
    _ label: String, prepare: @escaping @Sendable (PostgresConnection) throws -> Void
  ) {
    self.label = label
    self.prepare = prepare
  }

  /// The template's database name on `server`, prepared there on first use.
  func name(on server: TestServer.Server) throws -> String {
    try prepared.withLock { prepared in
      if let prepared { return try prepared.get() }
      let result = Result { try make(on: server) }
      prepared = result
      return try result.get()
    }
  }

  private func make(on server: TestServer.Server) throws -> String {
    let name = "accountfeed_template_\(getpid())_\(label)"
    let admin = try PostgresConnection(server.admin)
    let quoted = try admin.quoteIdentifier(name)
    try admin.executeScript("CREATE DATABASE \(quoted)")
    TemplateDatabase.dropAtExit(name)
    try fill(try server.admin.replacingDatabase(name))
    try admin.executeScript("ALTER DATABASE \(quoted) WITH ALLOW_CONNECTIONS false")
    while try admin.query(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = \(name)"
    ).single().decode("n", as: Int.self) > 0 {
      usleep(1000)
    }
    return name
  }

  /// Runs `prepare` on its own connection, which is closed when this returns.
  private func fill(_ configuration: PostgresConfiguration) throws {
    try prepare(try PostgresConnection(configuration))
  }

  private static let toDrop = Mutex<[String]>([])

  /// Drops the template when the process exits, before the private cluster stops (exit handlers
  /// run in reverse order, and the cluster's was registered when it started), so a shared server
  /// given by `DATABASE_URL` is left as it was found.
  private static func dropAtExit(_ name: String) {
    let isFirst = toDrop.withLock { names in
      names.append(name)
      return names.count == 1
    }
    guard isFirst else { return }
    atexit {
      guard let server = try? TestServer.shared.get(),
        let admin = try? PostgresConnection(server.admin)
      else { return }
      for name in TemplateDatabase.toDrop.withLock({ $0 }) {
        guard let quoted = try? admin.quoteIdentifier(name) else { continue }
        try? admin.executeScript("DROP DATABASE IF EXISTS \(quoted)")
      }
    }
  }
}
