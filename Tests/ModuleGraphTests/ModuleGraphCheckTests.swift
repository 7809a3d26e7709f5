import Foundation
import Testing

/// `scripts/check-module-graph`, which `.ci/run` runs on the package, run here on small packages
/// of its own: a manifest (as `swift package dump-package` writes it), a graph file and sources.
@Suite struct ModuleGraphCheckTests {
  /// The package's root folder, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A package of three modules: `Runtime`, `Host` (on the runtime) and `App` (on both).
  struct Sample {
    let folder: URL

    init() throws {
      self.folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("module-graph-\(UUID().uuidString.prefix(8))")
      try self.write("Sources/Runtime/Runtime.swift", "import Foundation\npublic struct Store {}\n")
      try self.write("Sources/Host/Host.swift", "@_spi(Hosting) import Runtime\n")
      try self.write("Sources/App/App.swift", "import Host\nimport Runtime\n")
      try self.manifest(["Runtime": [], "Host": ["Runtime"], "App": ["Host", "Runtime"]])
      try self.graph(
        """
        Runtime:
        Host: Runtime
        App: Host Runtime
        [spi Hosting]
        Host: Runtime
        """
      )
    }

    func write(_ path: String, _ text: String) throws {
      let url = self.folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func manifest(_ targets: KeyValuePairs<String, [String]>) throws {
      let entries = targets.map { name, dependencies in
        let list = dependencies.map { #"{"byName": ["\#($0)", null]}"# }.joined(separator: ", ")
        return #"{"name": "\#(name)", "type": "regular", "dependencies": [\#(list)]}"#
      }
      try self.write("manifest.json", #"{"targets": [\#(entries.joined(separator: ", "))]}"#)
    }

    func graph(_ text: String) throws { try self.write("graph.txt", text + "\n") }

    /// The check's exit status and what it printed (both streams).
    func check() throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", ModuleGraphCheckTests.root.appendingPathComponent("scripts/check-module-graph").path,
        "--root", self.folder.path, "--manifest", self.folder.appendingPathComponent("manifest.json").path,
        "--graph", self.folder.appendingPathComponent("graph.txt").path,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func remove() { try? FileManager.default.removeItem(at: self.folder) }
  }

  @Test func aGraphThatMatchesPasses() throws {
    let sample = try Sample()
    defer { sample.remove() }
    let (status, output) = try sample.check()
    #expect(status == 0)
    #expect(output == "module graph: 3 targets match graph.txt\n")
  }

  @Test func aWrongWayImportFails() throws {
    let sample = try Sample()
    defer { sample.remove() }
    // The runtime imports its host: declared in the manifest, so only the graph catches it.
    try sample.write("Sources/Runtime/Runtime.swift", "import Foundation\nimport Host\n")
    try sample.manifest(["Runtime": ["Host"], "Host": ["Runtime"], "App": ["Host", "Runtime"]])
    let (status, output) = try sample.check()
    #expect(status == 1)
    #expect(
      output == """
        error: Sources/Runtime/Runtime.swift:2: Runtime imports Host, which the module graph doesn't allow it to (a wrong-way import?)
        module graph: 1 problem(s)

        """
    )
  }

  @Test func undeclaredAndUnusedDependenciesFail() throws {
    let sample = try Sample()
    defer { sample.remove() }
    // `App` stops importing `Host` but still declares it, and imports a module it doesn't declare.
    try sample.write("Sources/App/App.swift", "import Runtime\nimport CustomDump\n")
    let (status, output) = try sample.check()
    #expect(status == 1)
    #expect(output.contains("error: Sources/App/App.swift:2: App imports CustomDump, which Package.swift doesn't declare as its dependency\n"))
    #expect(output.contains("error: App declares Host in Package.swift but doesn't import it (import it, drop it, or list it under [linked-only])\n"))

    try sample.graph("Runtime:\nHost: Runtime\nApp: Host Runtime\n[linked-only]\nApp: Host\n[spi Hosting]\nHost: Runtime")
    #expect(try !sample.check().output.contains("declares Host"))
  }

  @Test func anSPIOutsideItsModulesFails() throws {
    let sample = try Sample()
    defer { sample.remove() }
    try sample.write("Sources/App/App.swift", "import Host\n@_spi(Hosting) import Runtime\n")
    let (status, output) = try sample.check()
    #expect(status == 1)
    #expect(output.contains("error: Sources/App/App.swift:2: App imports Runtime through @_spi(Hosting), which the module graph doesn't allow it to\n"))
  }

  @Test func importsInCommentsAndStringsDontCount() throws {
    let sample = try Sample()
    defer { sample.remove() }
    try sample.write(
      "Sources/Runtime/Runtime.swift",
      """
      // Sources/*/x.swift is not a comment's start
      import Foundation
      /*
      import Host
      */
      let generated = \"\"\"
        import App
        \"\"\"

      """
    )
    #expect(try sample.check().status == 0)
  }

  @Test func aKnownWrongWayImportWarnsUntilItIsGone() throws {
    let sample = try Sample()
    defer { sample.remove() }
    try sample.write("Sources/Runtime/Runtime.swift", "import Host\n")
    try sample.manifest(["Runtime": ["Host"], "Host": ["Runtime"], "App": ["Host", "Runtime"]])
    try sample.graph("Runtime: Host\nHost: Runtime\nApp: Host Runtime\n[known-wrong-way]\nRuntime: Host\n[spi Hosting]\nHost: Runtime")
    let warned = try sample.check()
    #expect(warned.status == 0)
    #expect(warned.output.hasPrefix("warning: Runtime imports Host against the graph's direction (known, listed under [known-wrong-way])\n"))

    try sample.write("Sources/Runtime/Runtime.swift", "import Foundation\n")
    try sample.manifest(["Runtime": [], "Host": ["Runtime"], "App": ["Host", "Runtime"]])
    let stale = try sample.check()
    #expect(stale.status == 1)
    #expect(stale.output.contains("error: graph.txt: [known-wrong-way] lists Runtime: Host, but Runtime no longer imports it (remove the entry, and Host from its line)\n"))
  }
}
