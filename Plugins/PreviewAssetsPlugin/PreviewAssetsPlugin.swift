import Foundation
import PackagePlugin

/// Embeds the preview page's files (`Sources/FeedPreview/Assets/`) into the target as Swift source.
///
/// The page is plain HTML, CSS and JavaScript with no build step; embedding it means `feedctl
/// preview` serves it from the binary alone, from any working directory, with nothing to fetch.
@main
struct PreviewAssetsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "Sources/FeedPreview/Assets")
    let files = try FileManager.default
      .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { ["html", "css", "js"].contains($0.pathExtension) }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) preview page assets",
        executable: try context.tool(named: "EmbedFiles").url,
        arguments: [output.path, "EmbeddedAssets"] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
