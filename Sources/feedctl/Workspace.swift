import AccountStore
import ArgumentKit
import FeedComponents
import Foundation
import Postgres

/// What a running command works with: the store (opened on first use, so commands that need no
/// database never start one), the owner, the layout, and how to print.
final class Workspace {
  let global: GlobalOptions
  let context: CommandContext
  private var openedStore: AccountStore?

  init(_ global: GlobalOptions, _ context: CommandContext) {
    self.global = global
    self.context = context
  }

  /// The store, connected and — for the embedded database — migrated.
  func store() throws -> AccountStore {
    if let openedStore { return openedStore }
    let store: AccountStore
    switch DatabaseTarget(global: global, environment: context.environment) {
    case .configured(let connectionString):
      store = try AccountStore(PostgresConfiguration(connectionString))
    case .embedded(let embedded):
      store = try Self.migratedStore(try embedded.start())
    }
    openedStore = store
    return store
  }

  static func migratedStore(_ configuration: PostgresConfiguration) throws -> AccountStore {
    let store = try AccountStore(configuration)
    try store.migrate()
    return store
  }

  /// The owner from `--owner` or `FEEDCTL_OWNER`.
  func owner() throws -> String {
    guard let owner = global.owner, !owner.isEmpty else {
      throw FeedctlError.input("no owner given; pass --owner ID or set FEEDCTL_OWNER")
    }
    return owner
  }

  func producer() throws -> FeedProducer {
    try FeedProducer(configPath: global.config)
  }

  /// The live feed of `owner`, assembled now from one consistent read.
  func liveDocument(owner: String) throws -> FeedDocument {
    let producer = try producer()
    return try producer.document(for: try store().feedRows(owner: owner))
  }

  /// Applies `changes` in one transaction and records the resulting feed of every owner they
  /// touch, so history has no holes.
  @discardableResult
  func apply(_ changes: [StoreChange], reason: String) throws -> [AppliedChange] {
    let producer = try producer()
    let results = try store().apply(changes) { rows in
      try producer.snapshotContent(for: rows, reason: reason)
    }
    return zip(changes, results).map(AppliedChange.init)
  }

  /// Colour only on a terminal, and not with `--no-color` or a non-empty `NO_COLOR` (an empty
  /// one counts as unset, as no-color.org says and as `--no-color`'s environment reading does).
  var useColor: Bool {
    var environment = context.environment
    if environment["NO_COLOR"]?.isEmpty == true { environment["NO_COLOR"] = nil }
    return !global.noColor
      && TextStyle.shouldUseColor(
        environment: environment, isTerminal: Terminal.standardOutputIsTerminal)
  }

  /// `--width` when given, else `COLUMNS` when it is a width the screen can have, else the
  /// terminal's width (at most 60, so a wide terminal still looks like a phone), else 40 columns.
  func width(_ explicit: Int?) -> Int {
    if let explicit { return explicit }
    if let text = context.environment["COLUMNS"], let columns = Int(text),
      ArgumentChecks.widths.contains(columns)
    {
      return columns
    }
    // An empty environment makes `Terminal` ask the terminal itself rather than read `COLUMNS`.
    let terminal = Terminal.columns(environment: [:])
    return terminal.map { min(max($0, ArgumentChecks.widths.lowerBound), 60) } ?? 40
  }

  /// Prints a feed as `show` and `demo` do: the screen as text, or the document as JSON.
  func printFeed(_ document: FeedDocument, format: OutputFormat, width explicit: Int?) {
    switch format {
    case .json:
      context.output.line(String(decoding: document.encoded(pretty: true), as: UTF8.self))
    case .text:
      context.output.write(
        FeedTextRenderer(width: width(explicit), color: useColor).render(document))
    }
  }

  /// Prints what a write produced: a line per change, or the records as JSON (one object for a
  /// single change, an array for a batch).
  func report(_ applied: [AppliedChange], format: OutputFormat, batch: Bool = false) {
    switch format {
    case .text:
      for change in applied {
        context.output.line(change.result.summary(of: change.change))
      }
    case .json:
      let records = applied.map(\.result.json)
      printJSON(batch || records.count != 1 ? .array(records) : records[0])
    }
  }

  /// Refuses an account of another owner when `--owner` is given, so a mistyped id cannot change
  /// someone else's feed.
  func checkOwnership(ofAccount id: Int64) throws {
    let account = try store().account(id)
    if let owner = global.owner, !owner.isEmpty, account.ownerID != owner {
      throw FeedctlError(.notFound, "account \(id) does not exist for owner '\(owner)'")
    }
  }

  func checkOwnership(ofNotice id: Int64) throws {
    let notice = try store().notice(id)
    if let owner = global.owner, !owner.isEmpty, notice.ownerID != owner {
      throw FeedctlError(.notFound, "notice \(id) does not exist for owner '\(owner)'")
    }
  }

  /// Prints `value` as canonical, pretty JSON.
  func printJSON(_ value: JSONValue) {
    context.output.line(CanonicalJSONWriter(pretty: true).string(value))
  }
}
