import AccountStore
import ArgumentKit
import Postgres

/// Creates the owner `demo` with seed 000's "내 계좌" data, if it is not there yet, and shows
/// its feed. Running it again adds only what is missing, so a second run changes nothing — also
/// when several run at once on a new database: each checks and seeds holding one advisory lock.
struct DemoCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Create the demo owner with seed 000's accounts (once) and show its feed.")

  static let owner = "demo"
  static let notice = "계좌를 누르면 거래 내역을 확인할 수 있어요."
  static let accounts: [(name: String, kind: String, balance: Int64)] = [
    ("토스뱅크 통장", "checking", 116_848),
    ("저축 통장", "savings", 20_000),
    ("비상금", "savings", 50_000),
  ]

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format: the screen as text, or the feed document as JSON.")
  var format: OutputFormat = .text
  @Option(help: "Screen width, 8 to 500 (default: COLUMNS, else the terminal's up to 60, else 40).")
  var width: Int?

  func validate() throws {
    try ArgumentChecks.width(width)
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let store = try workspace.store()
    try Self.holdingSeedLock(store.connection) {
      let changes = missingChanges(existing: try existingRows(store))
      if !changes.isEmpty {
        try workspace.apply(changes, reason: "demo")
      }
    }
    workspace.printFeed(
      try workspace.liveDocument(owner: Self.owner), format: format, width: width)
  }

  /// "AcFdDemo": the advisory lock demos seed under, apart from the migrator's.
  private static let seedLockKey: Int64 = 0x4163_4664_4465_6d6f

  /// Runs `body` holding the seed lock, so a demo that starts while another seeds waits, then
  /// finds the seed in place and adds nothing.
  private static func holdingSeedLock(_ connection: PostgresConnection, _ body: () throws -> Void)
    throws
  {
    _ = try connection.query("SELECT pg_advisory_lock(\(seedLockKey))")
    defer { _ = try? connection.query("SELECT pg_advisory_unlock(\(seedLockKey))") }
    try body()
  }

  private func existingRows(_ store: AccountStore) throws -> FeedRows? {
    do {
      return try store.feedRows(owner: Self.owner)
    } catch .notFound {
      return nil
    }
  }

  /// The seed's rows that are not in the database yet, matched by name and message.
  private func missingChanges(existing rows: FeedRows?) -> [StoreChange] {
    var changes: [StoreChange] = []
    if rows == nil {
      changes.append(.addOwner(id: Self.owner, displayName: "Demo"))
    }
    if !(rows?.notices.contains { $0.message == Self.notice } ?? false) {
      changes.append(
        .addNotice(ownerID: Self.owner, NewNotice(message: Self.notice, dismissible: true)))
    }
    for seed in Self.accounts where !(rows?.accounts.contains { $0.name == seed.name } ?? false) {
      changes.append(
        .addAccount(
          ownerID: Self.owner,
          NewAccount(
            name: seed.name, kind: seed.kind,
            balance: Money(minorUnits: seed.balance, currency: .krw))))
    }
    return changes
  }
}
