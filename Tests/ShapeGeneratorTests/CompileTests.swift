import Foundation
@testable import FeatureLoader
import ShapeGenerator
import TestSupport
import Testing

/// Compiles generated code with `swiftc` against the playground's built modules (as the
/// FeatureLoader does): it must compile without warnings in both language modes, and a compiler
/// error in a user's file must point at the user's file and line.
@Suite(.enabled(if: Toolchain.find() != nil && RuntimeLayout.aroundExecutable() != nil), .ownThreads)
struct CompileTests {
  /// Type-checks same-file copies of `inputs`, returns what swiftc printed and its status.
  func typecheck(_ inputs: [(name: String, text: String)], swiftVersion: String) async throws -> (Int32, String, [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ShapeGeneratorTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = inputs.map { SourceFile(path: folder.appendingPathComponent("\($0.name).swift").path, text: $0.text) }
    let copies = GlueGenerator(files: files, mode: .sameFile).generate().files
    var paths: [String] = []
    for (index, copy) in copies.enumerated() {
      let path = folder.appendingPathComponent("copy\(index).swift").path
      try copy.text.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let arguments = ["-typecheck", "-parse-as-library", "-swift-version", swiftVersion, "-module-name", "GlueCheck"]
      + RuntimeLayout.aroundExecutable()!.compilerArguments + paths
    let (status, output) = try await Toolchain.find()!.run(arguments, outputFile: folder.appendingPathComponent("out.txt"))
    return (status, output, files.map(\.path))
  }

  @Test(arguments: ["5", "6"])
  func generatedCodeCompilesWithoutWarnings(swiftVersion: String) async throws {
    let inputs = [
      ("structs", Inputs.structs), ("enums", Inputs.enums), ("members", Inputs.members),
      ("access", Inputs.access), ("generics", Inputs.generics), ("conditions", Inputs.conditions),
      ("extensions", Inputs.extensions),
      ("dependencies", Inputs.dependencies),
    ]
    let (status, output, _) = try await self.typecheck(inputs, swiftVersion: swiftVersion)
    #expect(status == 0)
    let diagnostics = CompilerOutput(output).diagnostics.filter { $0.severity == "error" || $0.severity == "warning" }
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.text).joined(separator: "\n"))")
  }

  @Test func anErrorInUserCodePointsAtTheOriginalFileAndLine() async throws {
    let source = """
      import ComposableArchitecture

      struct Counter: Equatable {
        var count = 0
        var label: String { count }
      }
      """
    let (status, output, paths) = try await self.typecheck([("Counter", source)], swiftVersion: "5")
    #expect(status != 0)
    let errors = CompilerOutput(output).diagnostics.filter { $0.severity == "error" }
    #expect(errors.map(\.file) == [paths[0]])
    #expect(errors.map(\.line) == [5])
  }
}
