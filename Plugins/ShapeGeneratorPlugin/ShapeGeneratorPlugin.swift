import Foundation
import PackagePlugin

/// Generates the playground's shapes of a target's types: runs `tcaplay-shapes` over the target's
/// Swift files and compiles its output, `PlaygroundShapes.swift`, into the target.
@main
struct ShapeGeneratorPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("PlaygroundShapes.swift")
    let tool = try context.tool(named: "tcaplay-shapes")
    return [
      .buildCommand(
        displayName: "Generating the playground's shapes of \(target.name)",
        executable: tool.url,
        arguments: ["--output", output.path] + sources.map(\.path),
        inputFiles: sources,
        outputFiles: [output]
      )
    ]
  }
}
