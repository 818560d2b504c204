import ArgumentKit

/// A feedctl command: parsing is the `ParsableCommand` part, doing is `execute`.
///
/// `run` wraps `execute` so that every error leaves as a `FeedctlError` with its documented exit
/// code, whatever layer threw it, and never shows a password from the connection string.
protocol FeedctlCommand: ParsableCommand {
  var global: GlobalOptions { get }

  func execute(_ context: CommandContext) throws
}

extension FeedctlCommand {
  func run(_ context: CommandContext) throws {
    do {
      try execute(context)
    } catch let exit as ExitCode {
      throw exit
    } catch {
      throw FeedctlError(classifying: error)
    }
  }
}
