import AccountFeedTestSupport
import FeedService
import Foundation
import Testing

/// `feedctl apply --help` and the batch table of docs/feedctl.md list exactly the operations a batch
/// accepts (`ChangeBatch.fields`), so neither can drift from the parser.
@Suite("Batch ops in help and docs")
struct HelpTruthTests {
  private static let ops = Set(ChangeBatch.fields.keys)

  /// The rows of the table under "### apply: the batch format" in docs/feedctl.md, keyed by op.
  private static func docsBatchRows() throws -> [String: String] {
    let docs = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/feedctl.md"), encoding: .utf8)
    let start = try #require(docs.range(of: "### apply: the batch format\n"))
    let section = docs[start.upperBound...].prefix { _ in true }
    let body = section.components(separatedBy: "\n#").first ?? ""
    var rows: [String: String] = [:]
    for line in body.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: true)
      let op = cells[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "`"))
      rows[op] = cells.dropFirst().joined(separator: "|")
    }
    return rows
  }

  /// The words in backquotes that can be field names (`"none"` and the like are values).
  private static func fieldNames(in text: String) -> Set<String> {
    let quoted = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    return Set(quoted.filter { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
  }

  @Test func applyHelpListsEveryOpOfTheBatch() throws {
    let help = try FeedctlProcess.run(["apply", "--help"])
    #expect(help.code == 0)
    let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let start = try #require(text.range(of: "\"op\" ("))
    let end = try #require(text[start.upperBound...].firstIndex(of: ")"))
    let listed = text[start.upperBound..<end].components(separatedBy: ", ")
    #expect(Set(listed) == Self.ops)
    #expect(listed.count == Self.ops.count)
  }

  @Test func docsBatchTableHasARowForEveryOp() throws {
    #expect(Set(try Self.docsBatchRows().keys) == Self.ops)
  }

  @Test func docsBatchTableNamesEveryFieldOfEachOp() throws {
    let rows = try Self.docsBatchRows()
    for (op, fields) in ChangeBatch.fields {
      #expect(Self.fieldNames(in: rows[op] ?? "") == Set(fields), "docs row of \(op)")
    }
  }
}
