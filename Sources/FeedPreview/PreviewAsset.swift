/// One file of the preview page, served from the binary.
///
/// The page has no build step and loads nothing from elsewhere: its HTML, CSS and JavaScript are
/// embedded at build time (`PreviewAssetsPlugin`), so the binary alone serves it.
public struct PreviewAsset: Sendable, Equatable {
  /// The file name, e.g. `feed.js`.
  public let name: String
  /// The `Content-Type` to serve it with, charset included.
  public let contentType: String
  /// The file's UTF-8 text.
  public let text: String

  /// Every embedded file, by name.
  public static let all: [String: PreviewAsset] = Dictionary(
    uniqueKeysWithValues: EmbeddedAssets.files.map { file in
      (file.name, PreviewAsset(name: file.name, text: file.text))
    })

  /// The embedded file called `name`, if there is one.
  public static func named(_ name: String) -> PreviewAsset? {
    all[name]
  }

  init(name: String, text: String) {
    self.name = name
    self.text = text
    contentType =
      switch name.split(separator: ".").last {
      case "html": "text/html; charset=utf-8"
      case "css": "text/css; charset=utf-8"
      case "js": "text/javascript; charset=utf-8"
      default: "application/octet-stream"
      }
  }
}
