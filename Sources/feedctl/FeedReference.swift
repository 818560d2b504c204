import AccountStore
import FeedComponents
import Foundation

/// A way to name a feed on the command line, for `show --at` and `diff`.
///
/// - `live`: assembled now from the database;
/// - `@`: the latest snapshot, `@-N`: the one N before it;
/// - `7`: snapshot number 7; `before-promo`: the snapshot with that label;
/// - a path to a feed JSON file: anything containing `/` or ending in `.json` (labels cannot,
///   so a file in the working directory never shadows a snapshot). A file needs no database.
enum FeedReference: CustomStringConvertible {
  case live
  case latest(back: Int)
  case sequence(Int64)
  case label(String)
  case file(String)

  init(_ text: String) throws {
    if text == "live" {
      self = .live
    } else if text == "@" {
      self = .latest(back: 0)
    } else if text.hasPrefix("@-") {
      guard let back = Int(text.dropFirst(2)), back >= 0 else {
        throw FeedctlError.input(
          "invalid ref '\(text)': a relative ref is @ or @-N with N a whole number, e.g. @-1")
      }
      self = .latest(back: back)
    } else if text.contains("/") || text.hasSuffix(".json") {
      self = .file(text)
    } else if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let sequence = Int64(text), sequence > 0 else {
        throw FeedctlError.input("invalid ref '\(text)': snapshot numbers start at 1")
      }
      self = .sequence(sequence)
    } else if SnapshotLabel.isValid(text) {
      self = .label(text)
    } else {
      throw FeedctlError.input(
        "invalid ref '\(text)': expected a snapshot number, a label, @, @-N, live, or a path to a feed JSON file"
      )
    }
  }

  var description: String {
    switch self {
    case .live: "live"
    case .latest(0): "@"
    case .latest(let back): "@-\(back)"
    case .sequence(let sequence): String(sequence)
    case .label(let label): label
    case .file(let path): path
    }
  }

  /// The document the reference names.
  func document(in workspace: Workspace) throws -> FeedDocument {
    switch self {
    case .file(let path):
      return try Self.readFile(path)
    case .live:
      return try workspace.liveDocument(owner: try workspace.owner())
    case .sequence(let sequence):
      return try Self.storedDocument(in: workspace) { store, owner in
        try store.snapshot(owner: owner, sequence: sequence)
      }
    case .label(let label):
      return try Self.storedDocument(in: workspace) { store, owner in
        try store.snapshot(owner: owner, label: label)
      }
    case .latest(let back):
      return try Self.storedDocument(in: workspace) { store, owner in
        let history = try store.snapshots(owner: owner)
        guard back < history.count else {
          throw FeedctlError(
            .notFound,
            history.isEmpty
              ? "owner '\(owner)' has no snapshots yet; take one with 'feedctl snapshot'"
              : "ref '\(self)' goes back further than the history of owner '\(owner)' (\(history.count) snapshot\(history.count == 1 ? "" : "s"))"
          )
        }
        return try store.snapshot(
          owner: owner, sequence: history[history.count - 1 - back].sequence)
      }
    }
  }

  private static func storedDocument(
    in workspace: Workspace, _ load: (AccountStore, String) throws -> Snapshot
  ) throws -> FeedDocument {
    let snapshot = try load(try workspace.store(), try workspace.owner())
    return try FeedDocument(data: Data(snapshot.document.utf8))
  }

  static func readFile(_ path: String) throws -> FeedDocument {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw FeedctlError(.notFound, "cannot read feed file '\(path)': no such file or not readable")
    }
    do {
      return try FeedDocument(data: data)
    } catch .notJSON(let error) {
      throw FeedctlError.input(
        "feed file '\(path)' is not valid JSON at byte \(error.offset): \(error.reason)")
    } catch {
      throw FeedctlError.input("feed file '\(path)': \(error)")
    }
  }
}
