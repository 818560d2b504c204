import FeedComponents
import FeedWire
import Foundation
import Testing

/// The example changeset in docs/wire.md is real: it is exactly what the writer gives for the
/// documents the text describes, and it rebuilds the target from the base.
@Suite struct DocumentedExampleTests {
  private typealias F = Fixtures

  /// The example's documents: `accounts` [account/1 1원, account/2 5원, account/3 3원] becomes
  /// `accounts` "내 계좌" [account/3 3원, account/2 6원, account/4 4원].
  static func documents() throws -> (base: FeedDocument, target: FeedDocument) {
    let base = try F.document(
      [
        F.section(
          "accounts", [F.item("account/1"), F.item("account/2", "5원"), F.item("account/3", "3원")])
      ],
      owner: "demo")
    let target = try F.document(
      [
        F.section(
          "accounts", header: "내 계좌",
          [F.item("account/3", "3원"), F.item("account/2", "6원"), F.item("account/4", "4원")])
      ],
      owner: "demo")
    return (base, target)
  }

  private func example() throws -> String {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/wire.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let afterFence = try #require(text.components(separatedBy: "\n```json\n").dropFirst().first)
    return try #require(afterFence.components(separatedBy: "\n```\n").first)
  }

  @Test func theDocumentedExampleIsWhatTheWriterGives() throws {
    let (base, target) = try Self.documents()
    let written = String(
      decoding: WireChangeset(from: base, to: target).encoded(pretty: true), as: UTF8.self)
    #expect(written == (try example()))
  }

  @Test func theDocumentedExampleRebuildsTheTarget() throws {
    let (base, target) = try Self.documents()
    let changeset = try WireChangeset(data: Data(try example().utf8))
    #expect(try changeset.apply(to: base).encoded() == target.encoded())
  }
}
