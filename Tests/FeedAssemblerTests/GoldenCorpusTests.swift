import AccountModel
import FeedAssembler
import FeedComponents
import Foundation
import Testing

/// The golden corpus: every built-in screen, for seed 000's rows and for an owner with nothing,
/// as each supported client version receives it, in `Golden/<client>/<screen>[-empty].json`.
///
/// A change to what any supported version is sent shows up as a changed file in review; a change
/// that would send a version a type it cannot draw fails here whatever the files say. Dropping
/// the oldest version means removing it from `SupportedClient.all` and deleting its directory.
/// To rewrite the files after a deliberate change: `UPDATE_GOLDEN=1 swift test --filter
/// GoldenCorpusTests`, then read the diff.
@Suite struct GoldenCorpusTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// The rows each screen is written for, by file suffix.
  static let scenarios: [(suffix: String, rows: FeedRows)] = [
    ("", SeedRows.rows),
    (
      "-empty",
      SeedRows.rows {
        $0.accounts = []
        $0.notices = []
      }
    ),
  ]

  struct Case: CustomTestStringConvertible, Sendable {
    let client: SupportedClient
    let screen: String
    let suffix: String

    var file: URL {
      GoldenCorpusTests.directory.appendingPathComponent(client.name)
        .appendingPathComponent("\(screen)\(suffix).json")
    }

    var rows: FeedRows {
      GoldenCorpusTests.scenarios.first { $0.suffix == suffix }?.rows ?? SeedRows.rows
    }

    var testDescription: String { "\(client.name) \(screen)\(suffix)" }

    /// The document as the assembler builds it now, pretty-printed with a final newline.
    func assembled() throws -> Data {
      let document = try FeedAssembler(layout: ScreenCatalog.builtIn.layout(of: screen))
        .assemble(rows, screen: screen, for: client.capabilities)
      return document.encoded(pretty: true) + Data("\n".utf8)
    }
  }

  static let cases: [Case] = SupportedClient.all.flatMap { client in
    ScreenCatalog.builtIn.names.flatMap { screen in
      scenarios.map { Case(client: client, screen: screen, suffix: $0.suffix) }
    }
  }

  @Test(arguments: cases)
  func eachSupportedClientIsSentExactlyItsGoldenDocument(_ golden: Case) throws {
    let assembled = try golden.assembled()
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(
        at: golden.file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try assembled.write(to: golden.file)
    }
    let stored = try Data(contentsOf: golden.file)
    #expect(
      stored == assembled,
      "\(golden.file.path) differs from what \(golden.client.name) is sent now; if the change is deliberate, rewrite it with UPDATE_GOLDEN=1"
    )
  }

  @Test(arguments: cases)
  func noSupportedClientIsSentATypeItCannotDraw(_ golden: Case) throws {
    let document = try FeedDocument(data: try golden.assembled())
    let undrawable = document.itemsWithPlaces.filter {
      !golden.client.capabilities.supports($0.item.type)
    }
    #expect(undrawable.map(\.item.id).isEmpty, "\(golden.client.name) cannot draw these")
  }

  @Test(arguments: cases)
  func everyGoldenDocumentHoldsOnlyTypesItsClientDraws(_ golden: Case) throws {
    let document = try FeedDocument(data: try Data(contentsOf: golden.file))
    #expect(document.capabilities == golden.client.capabilities)
    #expect(
      document.itemsWithPlaces.allSatisfy { golden.client.capabilities.supports($0.item.type) })
  }

  /// Dropping a version (or adding one) must touch both the list and the corpus.
  @Test func theCorpusHoldsExactlyTheSupportedClients() throws {
    let directories = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { !$0.hasPrefix(".") }
    #expect(directories.sorted() == SupportedClient.all.map(\.name).sorted())
  }

  /// The oldest version still served. Changing this line is the deliberate act of dropping it.
  @Test func theOldestSupportedClientIsApp1_0() {
    #expect(SupportedClient.all.first?.name == "app-1.0")
  }
}
