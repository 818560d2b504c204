import FeedComponents
import Foundation
import Testing

/// The example document in docs/components.md is a real one: its digests match its content, it
/// is exactly what the encoder writes, and the screen shown under it is what the renderer draws.
@Suite struct DocumentedExampleTests {
  /// The example's JSON, and the plain block that follows it (the drawn screen).
  private func example() throws -> (json: String, screen: String) {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/components.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let afterJSONFence = try #require(text.components(separatedBy: "\n```json\n").dropFirst().first)
    let parts = afterJSONFence.components(separatedBy: "\n```\n")
    // parts: the JSON, the prose before the screen, the screen, …
    try #require(parts.count >= 3)
    return (parts[0], parts[2])
  }

  @Test func theExampleDocumentReadsBackAndReEncodesByteForByte() throws {
    let json = try example().json
    let document = try FeedDocument(data: Data(json.utf8))
    #expect(String(decoding: document.encoded(pretty: true), as: UTF8.self) == json)
  }

  @Test func theScreenUnderTheExampleIsWhatTheRendererDraws() throws {
    let (json, screen) = try example()
    let document = try FeedDocument(data: Data(json.utf8))
    let drawn = FeedTextRenderer(width: 40, color: false).render(document)
    #expect(drawn.trimmingCharacters(in: .newlines) == screen.trimmingCharacters(in: .newlines))
  }
}
