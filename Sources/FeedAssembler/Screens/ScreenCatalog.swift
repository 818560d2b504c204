import Foundation

/// The screens one assembler builds, by name: each a `FeedLayout` over the same components.
///
/// `home` is the feed `show` and `/v1/feed` have always drawn (`FeedLayout.default`); `accounts`
/// and `settings` are the others built in. `config/screens/<name>.json` holds each built-in
/// layout (a test keeps them equal), and `load(directory:)` reads such a directory.
public struct ScreenCatalog: Hashable, Sendable {
  /// The screen a feed is when no screen is named.
  public static let home = "home"

  /// The layouts by screen name.
  public private(set) var layouts: [String: FeedLayout]

  /// A catalog of `layouts`; every name must be a valid screen name.
  public init(layouts: [String: FeedLayout]) throws(ScreenError) {
    if let bad = layouts.keys.sorted().first(where: { !Self.isValidName($0) }) {
      throw .invalidName(bad)
    }
    self.layouts = layouts
  }

  /// The screens built in: `home`, `accounts` and `settings`.
  public static let builtIn = ScreenCatalog(
    checked: [home: .default, "accounts": .accountsScreen, "settings": .settingsScreen])

  private init(checked layouts: [String: FeedLayout]) {
    self.layouts = layouts
  }

  /// Every screen name, sorted.
  public var names: [String] {
    layouts.keys.sorted()
  }

  /// The layout of the screen called `name`; a malformed or unknown name is an error that lists
  /// the screens there are.
  public func layout(of name: String) throws(ScreenError) -> FeedLayout {
    guard Self.isValidName(name) else { throw .invalidName(name) }
    guard let layout = layouts[name] else { throw .unknown(name, known: names) }
    return layout
  }

  /// The same catalog with `layout` as the screen `name` (as `--config` replaces `home`).
  public func replacing(_ name: String, with layout: FeedLayout) -> ScreenCatalog {
    var catalog = self
    catalog.layouts[name] = layout
    return catalog
  }

  /// Reads every `<name>.json` in `directory` as the screen `name`; other files are ignored.
  /// A layout error names the file.
  public static func load(directory: String) throws -> ScreenCatalog {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".json") }.sorted()
    var layouts: [String: FeedLayout] = [:]
    for file in files {
      let path = (directory as NSString).appendingPathComponent(file)
      layouts[String(file.dropLast(".json".count))] = try FeedLayout.load(from: path)
    }
    return try ScreenCatalog(layouts: layouts)
  }

  /// A screen name: 1 to 32 lowercase letters, digits, `_` or `-`, starting with a letter — so it
  /// is safe in a URL path (`/v1/screens/<name>`) and a file name.
  public static func isValidName(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    guard let first = scalars.first, scalars.count <= 32, ("a"..."z").contains(first) else {
      return false
    }
    return scalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
    }
  }
}
