import AccountModel
import AccountStore
import FeedComponents
import FeedService
import Foundation
import Postgres

/// `feedbench storage`: issue 10's figures, each next to PostgreSQL's own floor for the same
/// work measured in the same run, on a generated database — by default the issue's: 100,000
/// owners of 10 accounts (`--owners`) and one owner each of 1k, 10k and 100k accounts
/// (`--large`), 10,000 snapshots for `log` (`--snapshots`); smaller runs take the same options.
/// Times are in-process wall clock (no process start); one small operation (`show`, a write,
/// `log`) and its floor are each the median of 21 runs taken in turn with the other's, after
/// five of each to warm up (`steadyMedians`).
enum StorageBenchmark {
  struct Options {
    var owners = 100_000
    var large = [1_000, 10_000, 100_000]
    var snapshots = 10_000
  }

  static func run(arguments: [String]) throws {
    var options = Options()
    var words = arguments[...]
    while let word = words.popFirst() {
      guard let value = words.popFirst() else { throw BenchError("\(word) needs a value") }
      switch word {
      case "--owners": options.owners = try number(value, for: word)
      case "--snapshots": options.snapshots = try number(value, for: word)
      case "--large":
        options.large = try value.split(separator: ",").map { try number(String($0), for: word) }
      default: throw BenchError("unknown option \(word)")
      }
    }
    let bench = try Bench(options: options)
    defer { bench.finish() }
    try bench.run()
  }

  private static func number(_ text: String, for option: String) throws -> Int {
    guard let value = Int(text), value > 0 else {
      throw BenchError("\(option) takes a positive whole number, not '\(text)'")
    }
    return value
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// One run: a fresh database (`DATABASE_URL`, else a throwaway local cluster) and the figures.
private final class Bench {
  let options: StorageBenchmark.Options
  let cluster: LocalCluster?
  let connection: PostgresConnection
  let service: FeedService
  /// How the benchmark's database is reached, for the programs `showAsProcesses` runs.
  let connectionString: String

  init(options: StorageBenchmark.Options) throws {
    self.options = options
    var configuration: PostgresConfiguration
    if let url = ProcessInfo.processInfo.environment["DATABASE_URL"] {
      configuration = PostgresConfiguration(url)
      cluster = nil
    } else {
      let cluster = LocalCluster(
        directory: NSTemporaryDirectory() + "feedbench-storage-\(getpid())", durability: .throwaway)
      configuration = try cluster.start()
      self.cluster = cluster
    }
    let admin = try PostgresConnection(configuration)
    try admin.executeScript("DROP DATABASE IF EXISTS feedbench_storage WITH (FORCE)")
    try admin.executeScript("CREATE DATABASE feedbench_storage")
    configuration = try configuration.replacingDatabase("feedbench_storage")
    connection = try PostgresConnection(configuration)
    connectionString = configuration.connectionString
    let store = AccountStore(connection: connection)
    try store.migrate()
    // As feedctl's `snapshot --all`: each store the service opens has a connection of its own,
    // and the pool lends two, so the run draws one batch while the server stores another.
    let storeConfiguration = configuration
    service = FeedService(pool: ConnectionPoolOptions(connections: 2)) {
      try AccountStore(storeConfiguration)
    }
  }

  func finish() {
    if let cluster {
      try? cluster.stop()
      try? FileManager.default.removeItem(atPath: cluster.directory)
    }
  }

  func run() throws {
    print(
      "feedbench storage: \(options.owners) owners × 10 accounts, large owners \(options.large.map(String.init).joined(separator: ", "))"
    )
    print(
      "figure                                   | AccountFeed   | floor          | ratio  | target")
    try generate()
    try snapshotAll()
    try show()
    try showAsProcesses()
    try write()
    try snapshotBytes()
    try apply()
    try log()
  }

  // MARK: The database

  private func generate() throws {
    var owners =
      "INSERT INTO owners (id, display_name) SELECT 'o' || g, 'Owner ' || g FROM generate_series(1, \(options.owners)) g;"
    owners += """
      INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
      SELECT 'o' || o, '계좌 ' || a, 'checking', (o * 7 + a) * 1000, 'KRW', a
      FROM generate_series(1, \(options.owners)) o, generate_series(1, 10) a;
      """
    for size in options.large {
      owners += """
        INSERT INTO owners (id, display_name) VALUES ('large\(size)', 'Large \(size)');
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
        SELECT 'large\(size)', '계좌 ' || a, 'checking', a * 1000, 'KRW', a
        FROM generate_series(1, \(size)) a;
        """
    }
    try connection.executeScript(owners)
    // Vacuumed now: otherwise autovacuum vacuums the million rows just inserted some seconds
    // later, in the middle of the first figures (seen during `snapshot --all`), whose floor
    // moved between 1.4 and 2.9 s from run to run.
    try connection.executeScript("VACUUM ANALYZE")
  }

  // MARK: Figures

  /// `snapshot --all` against `COPY (the feed rows) TO '/dev/null'`, warm: the first read of
  /// rows just inserted also writes their hint bits (measured once, that floor moved between
  /// 1.4 and 3.0 s run to run), and the run that follows reads them warm. The floor is the
  /// median of three runs before the snapshots and three after (the rows it reads are the
  /// same), so a machine that changes speed while the snapshots are taken weighs on both.
  private func snapshotAll() throws {
    let copy = {
      try self.connection.executeScript(
        """
        COPY (SELECT o.id, o.display_name, a.* FROM owners o JOIN accounts a ON a.owner_id = o.id
          ORDER BY o.id, a.position) TO '/dev/null'
        """)
    }
    try copy()
    let before = try (0..<3).map { _ in try time(copy) }
    let taken = try time { try service.takeSnapshotOfEveryOwner(label: nil) }
    let floor = median(try before + (0..<3).map { _ in try time(copy) })
    row(
      "snapshot --all (\(options.owners + options.large.count) owners)", taken, floor,
      target: "≤ 10×")
    // The tables snapshots filled get their statistics, as autovacuum gives them a minute
    // later on a real server, so the planner knows the heads are large.
    try connection.executeScript("ANALYZE")
  }

  /// `show --format json` as feedctl runs it — assemble, then write the pretty text a piece at
  /// a time — against reading the same rows as JSON. Its memory is put beside the document's
  /// canonical (compact) size, which the issue's peak target is about; its times have no
  /// target of their own: the issue compares whole processes with `psql`'s
  /// (`showAsProcesses`), and these say how much of that is the work itself.
  private func show() throws {
    func shown(_ owner: String) throws -> Int {
      var written = 0
      try service.liveDocument(owner: owner).write(pretty: true) { written += $0.count }
      return written
    }
    for owner in measuredOwners {
      // Memory of one run by itself, then the time of many.
      ProcessMemory.reset()
      let before = ProcessMemory.peakResidentMegabytes() ?? 0
      _ = try shown(owner)
      let peak = (ProcessMemory.peakResidentMegabytes() ?? 0) - before
      let size = try service.liveDocument(owner: owner).encoded().count
      let (taken, floor) = try steadyMedians(
        { _ = try shown(owner) },
        floor: {
          _ = try connection.query(
            """
            SELECT json_agg(a ORDER BY position)::text AS rows FROM accounts a WHERE owner_id = \(owner)
            """)
        })
      row(
        "show --format json, \(accounts(owner)) accounts", taken, floor,
        target: owner == measuredOwners.last ? "peak < 3× document" : "",
        note: String(format: "document %.1f MB, peak +%.1f MB", Double(size) / 1e6, peak))
    }
  }

  /// `show --format json` as the issue measured it: a whole `feedctl` process against a whole
  /// `psql` process reading the same rows as JSON, each starting, connecting and printing. The
  /// figure is the CPU time the kernel charged each process; wall time goes in the note. It measures the `feedctl` built next to this benchmark, and says whether that
  /// one has the Swift runtime linked in, as the README's release build does.
  private func showAsProcesses() throws {
    guard let feedctl = MeasuredProgram.feedctlBesideThisProgram(),
      let psql = LocalCluster.program(named: "psql")
    else {
      print(
        "show as processes: skipped, build feedctl first (swift build -c release --static-swift-stdlib --product feedctl) and install psql"
      )
      return
    }
    let linking =
      (try? Data(contentsOf: URL(fileURLWithPath: feedctl)))?.range(
        of: Data("libswiftCore.so".utf8))
        == nil ? "static" : "dynamic"
    print("  as processes: \(feedctl) (Swift runtime \(linking)) against \(psql) -X")
    var environment = ProcessInfo.processInfo.environment
    environment["DATABASE_URL"] = connectionString
    for owner in measuredOwners {
      let (ours, floor) = try steadyMedians(
        MeasuredProgram(
          path: feedctl, arguments: ["show", "--owner", owner, "--format", "json"],
          environment: environment),
        floor: MeasuredProgram(
          path: psql,
          arguments: [
            "-X", "-At", "-d", connectionString, "-c",
            "SELECT json_agg(a ORDER BY position)::text FROM accounts a WHERE owner_id = '\(owner)'",
          ], environment: environment))
      row(
        "show process CPU, \(accounts(owner)) accounts", ours.cpu, floor.cpu,
        target: owner == "o1" ? "≤ 1.5× psql" : "≤ 5× psql CPU",
        note: "wall \(format(ours.wall)) vs \(format(floor.wall))")
    }
  }

  /// One account's delta through the service (write + snapshot) against the bare UPDATE of the
  /// same row in a copy of the measured owners' accounts with the table's indexes and checks.
  /// A copy, because the two take turns: the same row updated behind the store's back would
  /// drop a headed feed's head before each of our writes (`SQL/014`), which would then draw the
  /// whole feed instead of the one account.
  private func write() throws {
    try connection.executeScript(
      """
      CREATE TABLE floor_accounts (LIKE accounts INCLUDING DEFAULTS INCLUDING CONSTRAINTS
        INCLUDING INDEXES);
      INSERT INTO floor_accounts SELECT * FROM accounts
      WHERE owner_id IN (\(measuredOwners.map { "'\($0)'" }.joined(separator: ", ")));
      ANALYZE floor_accounts;
      """)
    var small = Duration.zero
    for owner in measuredOwners {
      let id = try service.accounts(owner: owner)[0].id
      let (written, floor) = try steadyMedians(
        { try service.updateAccount(id, AccountUpdate(), delta: 1, in: .owner(owner)) },
        floor: {
          _ = try connection.transaction { tx in
            try tx.execute(
              "UPDATE floor_accounts SET balance_minor = balance_minor + 1, version = version + 1 WHERE id = \(id)"
            )
          }
        })
      if owner == "o1" { small = written }
      row(
        "one-account write, \(accounts(owner)) accounts", written, floor,
        target: owner == "o1" ? "" : "≤ 2× 10-acct",
        note: owner == "o1" ? "" : String(format: "%.1f× the 10-account write", written / small))
      try walPerWrite(owner: owner)
    }
  }

  /// The WAL a one-account delta through the service logs (issue 31: a replica receives every
  /// byte) against the bare UPDATE of the same rows in `floor_accounts`: 30 writes, each to
  /// another account, after 10 to warm up, from `pg_current_wal_lsn()` before and after. No
  /// checkpoint is asked for; one that falls in the window adds the full-page images of the
  /// pages changed next, PostgreSQL's cost once per page per checkpoint, and the line says so.
  private func walPerWrite(owner: String) throws {
    let ids = try service.accounts(owner: owner).map(\.id)
    let picks = (0..<40).map { ids[$0 * 7 % ids.count] }
    let ours = try walBytes(picks) {
      try service.updateAccount($0, AccountUpdate(), delta: 1, in: .owner(owner))
    }
    let floor = try walBytes(picks) { id in
      _ = try connection.transaction { tx in
        try tx.execute(
          "UPDATE floor_accounts SET balance_minor = balance_minor + 1, version = version + 1 WHERE id = \(id)"
        )
      }
    }
    let checkpointed = ours.checkpointed || floor.checkpointed
    print(
      pad("WAL per one-item write, \(accounts(owner)) accounts", 41) + "| "
        + pad("\(ours.bytes) B", 14) + "| " + pad("\(floor.bytes) B", 15) + "| "
        + pad(String(format: "%.2f×", Double(ours.bytes) / Double(max(floor.bytes, 1))), 7)
        + "| ≤ 4 KB" + (checkpointed ? "  (a checkpoint fell in the window)" : ""))
  }

  /// The WAL bytes per write of `write` over `ids` but the first ten, and whether the
  /// checkpoint's redo point moved meanwhile.
  private func walBytes(_ ids: [Int64], _ write: (Int64) throws -> Void) throws -> (
    bytes: Int, checkpointed: Bool
  ) {
    for id in ids.prefix(10) { try write(id) }
    let mark = {
      try self.connection.query(
        "SELECT pg_current_wal_lsn()::text AS lsn, redo_lsn::text AS redo FROM pg_control_checkpoint()"
      ).single()
    }
    let before = try mark()
    for id in ids.dropFirst(10) { try write(id) }
    let after = try mark()
    let (start, end): (String, String) = (try before.decode("lsn"), try after.decode("lsn"))
    let bytes = try count("SELECT pg_wal_lsn_diff(\(end)::pg_lsn, \(start)::pg_lsn)::bigint AS n")
    let redo: (String, String) = (try before.decode("redo"), try after.decode("redo"))
    return (bytes / (ids.count - 10), redo.0 != redo.1)
  }

  /// The bytes a one-item change adds: the snapshot's body and the one new node.
  private func snapshotBytes() throws {
    for owner in measuredOwners {
      let items = try count("SELECT count(*) AS n FROM feed_items")
      let itemBytes = try count(
        "SELECT coalesce(sum(pg_column_size(node) + 65), 0)::bigint AS n FROM feed_items")
      let id = try service.accounts(owner: owner)[1].id
      try service.updateAccount(
        id, AccountUpdate(name: "바뀐 이름 \(owner)"), delta: nil, in: .owner(owner))
      let body = try count(
        """
        SELECT pg_column_size(body)::bigint AS n FROM feed_snapshots
        WHERE owner_id = \(owner) ORDER BY sequence DESC LIMIT 1
        """)
      let newItems = try count("SELECT count(*) AS n FROM feed_items") - items
      let newBytes =
        try count("SELECT coalesce(sum(pg_column_size(node) + 65), 0)::bigint AS n FROM feed_items")
        - itemBytes
      let identical = try rebuiltIdentically(owner)
      print(
        pad("snapshot bytes, one-item change, \(accounts(owner))", 41)
          + "| \(pad("\(body + newBytes) B", 14))| body \(body) B + \(newItems) node \(newBytes) B | target ≤ 600 B; every snapshot rebuilt identically: \(identical)"
      )
    }
  }

  /// Every snapshot of `owner` read back against the live document, for the latest, and
  /// whether each stored digest is its rebuilt document's.
  private func rebuiltIdentically(_ owner: String) throws -> String {
    let history = try service.history(owner: owner)
    var same = 0
    for entry in history {
      let document = try service.document(.sequence(entry.info.sequence), owner: owner)
      if document.digest == entry.info.digest { same += 1 }
    }
    let latest = try service.document(.latest(back: 0), owner: owner).encoded()
    let live = try service.liveDocument(owner: owner).encoded()
    return "\(same)/\(history.count) digests, latest \(latest == live ? "=" : "≠") live"
  }

  /// `apply` of one adjust per 10-account owner against the psql floor that also writes what
  /// history needs: in one transaction, one `UPDATE … FROM` of the balances, the owners'
  /// snapshot counters bumped, and per owner one snapshot row (a 220-byte body, what a
  /// one-item delta stores) and two item nodes (the account's and the total's, 250 bytes
  /// each) inserted into copies of `feed_snapshots` and `feed_items` with their indexes and
  /// checks — the rows our history writes, made by SQL alone. The floor runs once before ours
  /// and once after, and is the mean of the two, so a machine that changes speed during the
  /// run weighs on both; each of the three starts on vacuumed tables, so none finds the dead
  /// rows of the one before.
  private func apply() throws {
    try connection.executeScript(
      """
      CREATE TABLE floor_snapshots (LIKE feed_snapshots INCLUDING ALL);
      CREATE TABLE floor_items (LIKE feed_items INCLUDING ALL);
      """)
    let runFloor = {
      try self.connection.transaction { tx in
        // Marked as the store marks its writes, so the floor's UPDATE, like ours, leaves the
        // heads alone (`SQL/014`) rather than locking 100,000 owners to drop heads none has.
        try tx.executeScript(AccountStore.storeWriteMark)
        try tx.execute(
          """
          UPDATE accounts SET balance_minor = balance_minor + 1, version = version + 1
          FROM owners WHERE accounts.owner_id = owners.id AND owners.id LIKE 'o%' AND accounts.position = 1
          """)
        try tx.execute(
          """
          UPDATE owners SET last_snapshot_sequence = last_snapshot_sequence + 1 WHERE id LIKE 'o%'
          """)
        try tx.execute(
          """
          INSERT INTO floor_snapshots (owner_id, sequence, reason, digest, screen, base_sequence,
            body, chain_bytes, chain_length, changed)
          SELECT id, last_snapshot_sequence, 'apply', encode(sha256(id::bytea), 'hex'), 'home',
            last_snapshot_sequence - 1, repeat('x', 220), 220, 1, 2
          FROM owners WHERE id LIKE 'o%'
          """)
        try tx.execute(
          """
          INSERT INTO floor_items (digest, node)
          SELECT encode(sha256((id || '/' || last_snapshot_sequence || '/' || n)::bytea), 'hex'),
            repeat('y', 250)
          FROM owners, generate_series(1, 2) AS n WHERE id LIKE 'o%'
          """)
      }
    }
    let ids = try connection.query(
      "SELECT id FROM accounts WHERE owner_id LIKE 'o%' AND position = 1 ORDER BY owner_id"
    ).map { try $0.decode("id", as: Int64.self) }
    let vacuum = { try self.connection.executeScript("VACUUM accounts, owners") }
    try vacuum()
    let before = try time(runFloor)
    try vacuum()
    let applied = try time {
      try service.apply(
        ids.map { .adjustBalance(id: $0, delta: 1, expectedVersion: nil) }, in: .anyOwner,
        reason: "bench")
    }
    try vacuum()
    let floor = (before + (try time(runFloor))) / 2
    row("apply of \(ids.count) adjusts", applied, floor, target: "≤ 3×")
  }

  /// `log --limit 20` on an owner with `--snapshots` snapshots against the bare SELECT.
  private func log() throws {
    let owner = "o2"
    let id = try service.accounts(owner: owner)[0].id
    let made = try time {
      for _ in 1..<options.snapshots {
        try service.updateAccount(id, AccountUpdate(), delta: 1, in: .owner(owner))
      }
    }
    let (logged, floor) = try steadyMedians(
      { _ = try service.history(owner: owner, limit: 20) },
      floor: {
        _ = try connection.query(
          """
          SELECT sequence, taken_at, label, reason, added, changed, removed, moved
          FROM feed_snapshots WHERE owner_id = \(owner) ORDER BY sequence DESC LIMIT 20
          """)
      })
    let total = try count("SELECT count(*) AS n FROM feed_snapshots WHERE owner_id = 'o2'")
    row(
      "log --limit 20, \(total) snapshots", logged, floor, target: "< 50 ms",
      note: String(format: "%d writes took %.1f s", options.snapshots - 1, seconds(made)))
    let storage = try count(
      "SELECT (sum(pg_column_size(body)) / count(*))::bigint AS n FROM feed_snapshots WHERE owner_id = 'o2'"
    )
    print(pad("  mean body per snapshot, that owner", 41) + "| \(storage) B")
  }

  // MARK: Measuring and printing

  /// A 10-account owner and every large owner.
  private var measuredOwners: [String] {
    ["o1"] + options.large.map { "large\($0)" }
  }

  private func accounts(_ owner: String) -> String {
    owner.hasPrefix("large") ? String(owner.dropFirst(5)) : "10"
  }

  private func count(_ query: PostgresQuery) throws -> Int {
    Int(try connection.query(query).single().decode("n", as: Int64.self))
  }

  private func time(_ body: () throws -> Void) throws -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
  }

  /// An operation and its floor as a server runs them, steady and side by side. PostgreSQL
  /// plans a prepared statement afresh for its first five runs on a connection and then keeps
  /// one generic plan (and compiles a trigger's function on its first call), so five runs of
  /// each warm them up. Then 21 rounds run both, taking turns at going first: this machine's
  /// speed moves by a third within minutes, and measured one after the other, a slow spell
  /// fell on ours or on the floor alone. Each figure is the median of its 21.
  private func inTurn<Measure>(
    _ ours: () throws -> Measure, _ floor: () throws -> Measure
  ) throws -> (ours: [Measure], floor: [Measure]) {
    for _ in 0..<5 {
      _ = try ours()
      _ = try floor()
    }
    var runs: (ours: [Measure], floor: [Measure]) = ([], [])
    for round in 0..<21 {
      if round.isMultiple(of: 2) {
        runs.ours.append(try ours())
        runs.floor.append(try floor())
      } else {
        runs.floor.append(try floor())
        runs.ours.append(try ours())
      }
    }
    return runs
  }

  /// `inTurn`'s medians of in-process wall time.
  private func steadyMedians(_ ours: () throws -> Void, floor: () throws -> Void) throws -> (
    Duration, Duration
  ) {
    let runs = try inTurn({ try time(ours) }, { try time(floor) })
    return (median(runs.ours), median(runs.floor))
  }

  /// `inTurn` for programs run from outside: the medians of each one's wall time and of its
  /// CPU time, each taken apart.
  private func steadyMedians(_ ours: MeasuredProgram, floor: MeasuredProgram) throws -> (
    MeasuredProgram.Usage, MeasuredProgram.Usage
  ) {
    let runs = try inTurn(ours.run, floor.run)
    func medians(_ runs: [MeasuredProgram.Usage]) -> MeasuredProgram.Usage {
      MeasuredProgram.Usage(wall: median(runs.map(\.wall)), cpu: median(runs.map(\.cpu)))
    }
    return (medians(runs.ours), medians(runs.floor))
  }

  private func median(_ durations: [Duration]) -> Duration {
    durations.sorted()[durations.count / 2]
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private func row(
    _ name: String, _ measured: Duration, _ floor: Duration, target: String, note: String = ""
  ) {
    // Two decimals: a figure at its target (1.5×) must say which side of it it is on.
    let ratio = seconds(measured) / max(seconds(floor), 1e-9)
    print(
      pad(name, 41) + "| " + pad(format(measured), 14) + "| " + pad(format(floor), 15) + "| "
        + pad(String(format: "%.2f×", ratio), 7) + "| " + target
        + (note.isEmpty ? "" : "  (\(note))"))
  }

  private func format(_ duration: Duration) -> String {
    let value = seconds(duration)
    return value >= 1 ? String(format: "%.2f s", value) : String(format: "%.2f ms", value * 1000)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
