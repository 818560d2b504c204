import AccountStore
import ArgumentKit
import Foundation

/// Applies a JSON batch of changes atomically: all of them, or — if any is refused — none.
struct ApplyCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "apply",
    abstract: "Apply a JSON batch of changes from FILE or '-' (standard input), all or nothing.",
    discussion: """
      The batch is {"changes": [ … ]} or a bare array; each change has an "op" (owner.add, \
      account.add, account.update, account.adjust, account.remove, notice.add, notice.update, \
      notice.dismiss, notice.remove) and its fields; see the README.
      """)

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The batch file, or '-' for standard input.", valueName: "file") var file: String
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let batch = try ChangeBatch(
      data: try readInput(), source: file == "-" ? "standard input" : "'\(file)'",
      defaultOwner: global.owner)
    try checkReferences(batch, store: try workspace.store())
    let results: [AppliedChange]
    do {
      results = try workspace.apply(
        batch.entries.map(\.change),
        reason: "apply (\(batch.entries.count) change\(batch.entries.count == 1 ? "" : "s"))")
    } catch let error as AccountStoreError {
      // Name the change the way the batch's own checks do: its number and its op.
      let number: Int
      switch error {
      case .change(let changeNumber, _, _): number = changeNumber
      case .database: throw error
      default: number = 1
      }
      let classified = FeedctlError(classifying: error.reason)
      throw FeedctlError(
        classified.kind, "change \(number) (\(batch.entries[number - 1].op)): \(classified)")
    }
    workspace.report(results, format: format, batch: true)
  }

  private func readInput() throws -> Data {
    if file == "-" {
      return FileHandle.standardInput.readDataToEndOfFile()
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw FeedctlError(
        .notFound, "cannot read batch file '\(file)': no such file or not readable")
    }
    return data
  }

  /// Names the change whose account, notice or owner does not exist, which the store alone
  /// could only report without the change's number. The store still checks inside the
  /// transaction, so a concurrent removal cannot slip through.
  private func checkReferences(_ batch: ChangeBatch, store: AccountStore) throws {
    var addedOwners: Set<String> = []
    for entry in batch.entries {
      do {
        switch entry.change {
        case .addOwner(let id, _): addedOwners.insert(id)
        case .addAccount(let owner, _), .addNotice(let owner, _), .renameOwner(let owner, _),
          .removeOwner(let owner):
          if !addedOwners.contains(owner) { _ = try store.owner(owner) }
        case .updateAccount(let id, _), .adjustBalance(let id, _, _), .removeAccount(let id, _):
          _ = try store.account(id)
        case .updateNotice(let id, _), .dismissNotice(let id), .removeNotice(let id, _):
          _ = try store.notice(id)
        }
      } catch AccountStoreError.notFound(let what) {
        throw FeedctlError(
          .notFound, "change \(entry.number) (\(entry.op)): \(what) does not exist")
      }
    }
  }
}
