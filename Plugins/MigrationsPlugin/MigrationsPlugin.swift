import Foundation
import PackagePlugin

/// Embeds the numbered files of `SQL/` into the target as Swift source.
///
/// Migrations ship inside the binary rather than as a resource bundle, so an installed `feedctl`
/// can migrate a database from any working directory with nothing next to it.
@main
struct MigrationsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "SQL")
    let files = try FileManager.default
      .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "sql" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) SQL migrations",
        executable: try context.tool(named: "EmbedFiles").url,
        arguments: [output.path, "EmbeddedMigrations"] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
