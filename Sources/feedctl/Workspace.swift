import AccountModel
import ArgumentKit
import FeedAssembler
import FeedComponents
import FeedService
import Foundation

/// What a running command works with: the service (whose store opens on first use, so commands
/// that need no database never start one), the owner and its scope, and how to print.
final class Workspace {
  let global: GlobalOptions
  let context: CommandContext
  private var openedService: FeedService?

  init(_ global: GlobalOptions, _ context: CommandContext) {
    self.global = global
    self.context = context
  }

  /// The service, with the layout from `--config` (or `FEEDCTL_CONFIG`) or else the built-in one;
  /// `pool` sizes its connections on first use (a server wants one per request thread).
  func service(pool: ConnectionPoolOptions = ConnectionPoolOptions()) throws -> FeedService {
    if let openedService { return openedService }
    let service = FeedService(layout: try layout(), pool: pool, database: databaseTarget)
    openedService = service
    return service
  }

  /// The service of a server that runs until it is stopped: the embedded database is started
  /// now, once, and never again behind an operator's `feedctl db stop`
  /// (`DatabaseTarget.startedForServing()`); `readDatabase` is a streaming replica for feed
  /// reads, and `cacheBytes` bounds the cache of served feeds.
  func servingService(
    pool: ConnectionPoolOptions, readDatabase: String?, cacheBytes: Int
  ) throws -> FeedService {
    if let openedService { return openedService }
    let service = FeedService(
      layout: try layout(), pool: pool, database: try databaseTarget.startedForServing(),
      readDatabase: readDatabase.flatMap { $0.isEmpty ? nil : $0 },
      replica: ReplicaOptions(pool: pool), cacheBytes: cacheBytes)
    openedService = service
    return service
  }

  private var databaseTarget: DatabaseTarget {
    DatabaseTarget(databaseURL: global.databaseURL, environment: context.environment)
  }

  private func layout() throws -> FeedLayout {
    try global.config.map { path throws(FeedLayoutError) in try FeedLayout.load(from: path) }
      ?? .default
  }

  /// The owner from `--owner` or `FEEDCTL_OWNER`, nil when neither is given (or it is empty).
  var givenOwner: String? {
    global.owner.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The owner, for commands that act on one owner's feed.
  func owner() throws -> String {
    guard let givenOwner else { throw FeedServiceError.ownerRequired }
    return givenOwner
  }

  /// Whose rows a command may touch: only the owner's with `--owner`, anyone's without.
  var scope: OwnerScope {
    givenOwner.map(OwnerScope.owner) ?? .anyOwner
  }

  /// The document a reference names; the service asks for an owner only when it needs one.
  func document(_ reference: FeedReference) throws -> FeedDocument {
    try service().document(reference, owner: givenOwner)
  }

  /// Applies `changes` inside the command's scope, recording the feeds they touched.
  @discardableResult
  func apply(_ changes: [StoreChange], reason: String) throws -> [AppliedChange] {
    try service().apply(changes, in: scope, reason: reason)
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
      // Piece by piece, so a large feed's text is never held whole beside the document.
      document.write(pretty: true) { context.output.write(utf8: $0) }
      context.output.write("\n")
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

  /// Prints `value` as canonical, pretty JSON.
  func printJSON(_ value: JSONValue) {
    context.output.line(CanonicalJSONWriter(pretty: true).string(value))
  }
}
