import AccountFeedClient
import ArgumentKit
import FeedComponents
import Foundation

/// `feedphone`: follows a feed as a phone does, through `AccountFeedClient`, and prints the
/// screen at each version — the client library's behaviour, visible from a terminal.
struct Feedphone: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feedphone",
    abstract: "Follow an account feed as a phone does and print each version.",
    discussion: """
      Text prints the screen at each version under a line naming its digest and how it came.
      JSON prints one line per version: {"digest", "via", "stages"}, where via is cache, feed,
      changeset or refetch and stages the number of batch updates that animate to it.
      Runs until interrupted; exit 1 when the server refuses the token.
      """)

  enum Format: String, CaseIterable, ExpressibleByArgument {
    case text, json
  }

  @Option(help: "The server's base URL, e.g. http://127.0.0.1:8080.") var url: String
  @Option(help: "A bearer token from 'feedctl token create'.") var token: String
  @Option(help: "A screen other than the home feed (accounts, settings).") var screen: String?
  @Option(help: "Keep the last document in this file and start from it.") var cache: String?
  @Option(help: "Output format.") var format: Format = .text

  func validate() throws {
    guard let parsed = URL(string: url), parsed.scheme == "http", parsed.host != nil else {
      throw ValidationError("--url must be an http:// URL, not '\(url)'")
    }
  }

  func run(_ context: CommandContext) throws {
    let client = FeedClient(
      FeedClientConfiguration(
        baseURL: URL(string: url)!, token: token, screen: screen,
        cache: cache.map { FeedCache(fileURL: URL(fileURLWithPath: $0)) },
        reconnect: ReconnectPolicy(initialDelay: .milliseconds(200), maximumDelay: .seconds(5))))
    let output = context.output
    let format = format
    let finished = DispatchSemaphore(value: 0)
    let failure = FailureBox()
    Task {
      do {
        for try await update in client.updates() {
          output.write(Self.describe(update, format: format))
        }
      } catch {
        failure.error = error
      }
      finished.signal()
    }
    finished.wait()
    if let error = failure.error { throw error }
  }

  static func describe(_ update: FeedUpdate, format: Format) -> String {
    switch format {
    case .json:
      let line: JSONValue = [
        "digest": .string(update.document.digest), "via": .string(update.source.rawValue),
        "stages": .integer(update.batches.count),
      ]
      return CanonicalJSONWriter().string(line) + "\n"
    case .text:
      let heading =
        "── \(update.document.digest.prefix(12)) via \(update.source.rawValue), "
        + "\(update.batches.count) stage\(update.batches.count == 1 ? "" : "s")\n"
      return heading + FeedTextRenderer().render(update.document)
    }
  }
}

/// The error that ended the follow, handed from its task to the waiting thread.
final class FailureBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: (any Error)?

  var error: (any Error)? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
