import ArgumentKit
import HTTPServer

/// What `serve` and `preview` share: reading `--listen`, and running a server in the foreground
/// until SIGINT or SIGTERM — say where it listens, wait, stop after requests in progress.
enum ForegroundServer {
  /// The `--listen` value as an address; a malformed one is a usage error naming the option.
  static func address(_ listen: String) throws -> ListenAddress {
    do {
      return try ListenAddress(listen)
    } catch {
      throw ValidationError("invalid value '\(listen)' for --listen: \(error.message)")
    }
  }

  /// Starts `server` on `address`, prints `announce(bound)` on standard error, and serves until
  /// SIGINT or SIGTERM. `ShutdownSignals.block()` must have run before any thread started.
  static func run(
    _ server: HTTPServer, on address: ListenAddress, command: String, context: CommandContext,
    announce: (ListenAddress) -> String
  ) throws {
    let bound: ListenAddress
    do {
      bound = try server.start(address)
    } catch {
      throw FeedctlError.input(error.description)
    }
    context.errorOutput.line("feedctl \(command): \(announce(bound))")
    let signal = ShutdownSignals.wait()
    context.errorOutput.line("feedctl \(command): \(signal): stopping after requests in progress")
    server.stop()
    context.errorOutput.line("feedctl \(command): stopped")
  }
}
