import FeedComponents
import Foundation

/// How an owner's rows become a screen: which sections, in which order, with which titles, which
/// rows they list and what touching them does. Kept in `config/screens/home.json` and described field by
/// field in `docs/layout.md`.
///
/// A layout is checked completely when it is read — unknown fields, unknown kinds, placeholders a
/// URL cannot fill — so a mistake in the file is a one-line error at startup, never a wrong screen.
public struct FeedLayout: Hashable, Sendable {
  /// The screen's title ("내 계좌"), shown alone in a first section `title`; nil for none.
  public var title: String?
  /// The sections in screen order; each kind appears at most once.
  public var sections: [SectionLayout]

  public init(title: String?, sections: [SectionLayout]) {
    self.title = title
    self.sections = sections
  }

  /// Reads and validates the layout file at `path`; errors name `path` as given.
  public static func load(from path: String) throws(FeedLayoutError) -> FeedLayout {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path)
        ? "the file cannot be read" : "no such file"
      throw FeedLayoutError(source: path, location: nil, problem: reason)
    }
    return try FeedLayout(data: data, source: path)
  }

  /// Reads and validates a layout from JSON text; `source` names it in errors.
  public init(data: Data, source: String) throws(FeedLayoutError) {
    let bytes = [UInt8](data)
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw FeedLayoutError(
        source: source, location: Self.lineAndColumn(of: error.offset, in: bytes),
        problem: "not valid JSON: \(error.reason)")
    }
    try self.init(json: json, source: source)
  }

  /// "line 3, column 7" for a byte offset, counting columns in characters from 1.
  private static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> String {
    let before = bytes[..<min(offset, bytes.count)]
    let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
    return "line \(line), column \(column)"
  }
}
