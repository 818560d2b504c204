import Foundation
import PackagePlugin

/// Embeds the phone API's contract, `docs/openapi.json`, into the target as Swift source.
///
/// The contract lives in `docs/` beside the prose that explains it, where people and the
/// contract tests read it, and the server serves the very same bytes: one file, read from the
/// package's root at build time, so the served contract and the written one cannot differ.
@main
struct ContractPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let contract = context.package.directoryURL.appending(path: "docs/openapi.json")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedContract.swift")
    return [
      .buildCommand(
        displayName: "Embedding the phone API's contract (docs/openapi.json)",
        executable: try context.tool(named: "EmbedFiles").url,
        arguments: [output.path, "EmbeddedContract", contract.path],
        inputFiles: [contract],
        outputFiles: [output]
      )
    ]
  }
}
