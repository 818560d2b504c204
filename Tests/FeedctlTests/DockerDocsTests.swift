import Foundation
import Testing

/// The "With Docker" steps of docs/feedctl.md agree with `docker-compose.yml`: the URL they export reaches
/// the server the file describes, and the steps wait for it and migrate before use.
@Suite("Docker docs")
struct DockerDocsTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..")

  private static func compose() throws -> String {
    try String(contentsOf: root.appendingPathComponent("docker-compose.yml"), encoding: .utf8)
  }

  /// docs/feedctl.md from "## With Docker" to the next heading.
  private static func dockerSection() throws -> String {
    let docs = try String(
      contentsOf: root.appendingPathComponent("docs/feedctl.md"), encoding: .utf8)
    let start = try #require(docs.range(of: "## With Docker\n"))
    return docs[start.upperBound...].components(separatedBy: "\n#").first ?? ""
  }

  /// The value after `key:` on the first line of `text` that starts with it (after indentation).
  private static func value(of key: String, in text: String) throws -> String {
    let line = try #require(
      text.split(separator: "\n").first {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix(key + ":")
      }, "no \(key) in docker-compose.yml")
    return line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
  }

  /// `host:port` of the published port, from the `- "127.0.0.1:55432:5432"` line.
  private static func published(in compose: String) throws -> (host: String, port: String) {
    let line = try #require(
      compose.split(separator: "\n").first { $0.contains(":5432\"") }, "no published 5432")
    let parts = line.split(separator: "\"")[1].split(separator: ":")
    try #require(parts.count == 3, "the published port names its host address")
    return (String(parts[0]), String(parts[1]))
  }

  /// Every `postgres://…` URL in `text`.
  private static func urls(in text: String) -> [String] {
    text.split(whereSeparator: { $0.isWhitespace || $0 == "=" }).filter {
      $0.hasPrefix("postgres://")
    }.map(String.init)
  }

  @Test func theExportedURLReachesTheComposeServer() throws {
    let compose = try Self.compose()
    let (host, port) = try Self.published(in: compose)
    let expected =
      "postgres://\(try Self.value(of: "POSTGRES_USER", in: compose))"
      + ":\(try Self.value(of: "POSTGRES_PASSWORD", in: compose))@\(host):\(port)"
      + "/\(try Self.value(of: "POSTGRES_DB", in: compose))"
    let docsURLs = Self.urls(in: try Self.dockerSection())
    #expect(!docsURLs.isEmpty)
    #expect(docsURLs.allSatisfy { $0 == expected })
    #expect(Self.urls(in: compose).allSatisfy { $0 == expected })
  }

  @Test func theHostPortIsNotPostgreSQLsOwn() throws {
    #expect(try Self.published(in: try Self.compose()).port != "5432")
  }

  @Test func theImageIsAnExactRelease() throws {
    let image = try Self.value(of: "image", in: try Self.compose())
    #expect(image.wholeMatch(of: /postgres:[0-9]+\.[0-9]+(-[a-z]+)?/) != nil, "\(image)")
  }

  @Test func upWaitsOnAHealthcheck() throws {
    #expect(try Self.compose().contains("\n    healthcheck:\n"))
    #expect(try Self.dockerSection().contains("docker compose up --wait\n"))
  }

  @Test func theStepsMigrateBeforeTheDemo() throws {
    let section = try Self.dockerSection()
    let up = try #require(section.range(of: "docker compose up --wait"))
    let migrate = try #require(section.range(of: "feedctl migrate"))
    let demo = try #require(section.range(of: "feedctl demo"))
    #expect(up.lowerBound < migrate.lowerBound && migrate.lowerBound < demo.lowerBound)
  }
}
