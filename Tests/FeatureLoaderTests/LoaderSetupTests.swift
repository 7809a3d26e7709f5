import Foundation
import Testing
@testable import FeatureLoader
import TestSupport

@MainActor
@Suite struct LoaderSetupTests {
  @Test func aMissingCompilerIsAClearError() async throws {
    #expect(Toolchain.find(searchPath: "/nonexistent:/also/missing") == nil)
    #expect(Toolchain.find(searchPath: "") == nil)
    let loader = FeatureLoader(toolchain: nil)
    await #expect(throws: LoadError.compilerNotFound) { try await loader.load(LoadRequest(path: "Counter.swift")) }
    #expect(
      LoadError.compilerNotFound.description == """
        Loading a feature file needs the Swift compiler, and 'swiftc' is not on PATH. Install a Swift \
        toolchain (https://swift.org/install) or add its 'usr/bin' folder to PATH.
        """
    )
  }

  @Test func findsThePlaygroundModulesNextToTheExecutable() throws {
    let layout = try #require(RuntimeLayout.aroundExecutable())
    #expect(FileManager.default.fileExists(atPath: layout.modulesDirectory.appendingPathComponent("FeatureCatalog.swiftmodule").path))
    #expect(layout.macroPlugins.map(\.module) == ["CasePathsMacros", "ComposableArchitectureMacros", "DependenciesMacrosPlugin"])
    #expect(layout.moduleMaps.map(\.lastPathComponent).allSatisfy { $0 == "module.modulemap" })
    #expect(RuntimeLayout(buildDirectory: URL(fileURLWithPath: "/nonexistent")) == nil)
  }

  /// `swift run tcaplay` builds the kernel as the front end's tool, `tcaplay-kernel-tool`, whose
  /// modules SwiftPM writes to `Modules-tool/` (its C modules to `-tool.build` folders): the
  /// kernel compiles features against its own variant's modules, never the other's.
  @Test func aToolExecutableUsesTheToolVariantsModules() throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let build = URL(fileURLWithPath: folder.path)
    let fileManager = FileManager.default
    func make(_ path: String) throws {
      let url = build.appendingPathComponent(path)
      try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    try make("Modules-tool/ComposableArchitecture.swiftmodule")
    try make("COpenCombineHelpers-tool.build/module.modulemap")
    try make("COpenCombineHelpers.build/module.modulemap")

    let tool = try #require(RuntimeLayout.around(executable: build.appendingPathComponent("tcaplay-kernel-tool")))
    #expect(tool.modulesDirectory.lastPathComponent == "Modules-tool")
    #expect(tool.moduleMaps.map { $0.deletingLastPathComponent().lastPathComponent } == ["COpenCombineHelpers-tool.build"])
    // Only the tool variant was built: the product executable finds nothing of its own.
    #expect(RuntimeLayout.around(executable: build.appendingPathComponent("tcaplay-kernel")) == nil)

    try make("Modules/ComposableArchitecture.swiftmodule")
    let product = try #require(RuntimeLayout.around(executable: build.appendingPathComponent("tcaplay-kernel")))
    #expect(product.modulesDirectory.lastPathComponent == "Modules")
    #expect(product.moduleMaps.map { $0.deletingLastPathComponent().lastPathComponent } == ["COpenCombineHelpers.build"])

    #expect(
      LoadError.runtimeNotFound(executable: "/p/.build/debug/tcaplay-kernel-tool").description == """
        The playground's built modules were not found next to /p/.build/debug/tcaplay-kernel-tool \
        (expected 'Modules-tool/ComposableArchitecture.swiftmodule' in its folder): loading a feature \
        compiles it against them. Build them with 'swift run tcaplay' in the playground's package \
        folder, and run tcaplay from its build folder.
        """
    )
    #expect(
      LoadError.runtimeNotFound(executable: "/usr/local/bin/tcaplay-kernel").description.contains(
        "(expected 'Modules/ComposableArchitecture.swiftmodule' in its folder): loading a feature compiles it against them. Build them with 'swift build'"
      )
    )
  }

  @Test func missingFilesAndFilesWithoutReducers() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let loader = FeatureLoader(toolchain: Toolchain(swiftc: URL(fileURLWithPath: "/nonexistent/swiftc")))
    await #expect(throws: LoadError.missingSources("No such file or folder: \(folder.path)/Nope.swift")) {
      try await loader.load(LoadRequest(path: folder.path + "/Nope.swift"))
    }
    await #expect(throws: LoadError.missingSources("No Swift files in \(folder.path)")) {
      try await loader.load(LoadRequest(path: folder.path))
    }
    // Requests whose files aren't there are not remembered for `:reload`.
    #expect(loader.requests.isEmpty)
    await #expect(throws: LoadError.missingSources("Nothing to reload: no feature files were loaded.")) {
      try await loader.reload()
    }
    let path = try folder.write("Model.swift", "struct Model { var name = \"\" }\nenum Mode {}\n")
    await #expect(
      throws: LoadError.noReducers(files: [path], types: ["Model", "Mode"])
    ) {
      try await loader.load(LoadRequest(path: path))
    }
    #expect(
      LoadError.noReducers(files: [path], types: ["Model", "Mode"]).description
        == "No reducer found in \(path). Declare one as '@Reducer struct Name' or 'struct Name: Reducer', or name one of the types: Model, Mode."
    )
  }

  @Test func cutsCompilerOutputIntoDiagnosticsWithTheirNotes() {
    let output = CompilerOutput(
      """
      Glue.swift:8:15: error: missing argument for parameter 'count' in call
       6 |   let s: () -> Bad.State = {
       8 |     Bad.State()
         |               `- error: missing argument for parameter 'count' in call

      Bad.swift:5:10: note: 'init(count:)' declared here
       5 |   struct State: Equatable {
         |          `- note: 'init(count:)' declared here

      /tmp/a b/Bad.swift:13:22: warning: 'old()' is deprecated [#DeprecatedDeclaration]
      13 |       old()
         |       `- warning: 'old()' is deprecated [#DeprecatedDeclaration]

      [#DeprecatedDeclaration]: <https://docs.swift.org/compiler/documentation/diagnostics/deprecated-declaration>
      <unknown>:0: error: missing required module 'COpenCombineHelpers'
      """
    )
    #expect(output.diagnostics.map(\.file) == ["Glue.swift", "/tmp/a b/Bad.swift", nil])
    #expect(output.diagnostics.map(\.line) == [8, 13, 0])
    #expect(output.diagnostics[0].text.hasSuffix("`- note: 'init(count:)' declared here"))
    #expect(
      output.text(of: [output.diagnostics[1]]) == """
        /tmp/a b/Bad.swift:13:22: warning: 'old()' is deprecated [#DeprecatedDeclaration]
        13 |       old()
           |       `- warning: 'old()' is deprecated [#DeprecatedDeclaration]

        [#DeprecatedDeclaration]: <https://docs.swift.org/compiler/documentation/diagnostics/deprecated-declaration>
        """
    )
    #expect(output.diagnostics[2].message == "missing required module 'COpenCombineHelpers'")
  }
}
