import BenchmarkHarness
import FeatureLoader
import Foundation

/// A package of five modules (Tests/Fixtures/ModularApp): `:load` of the package, and
/// `:reload` after an edit in its leaf module, in a running `tcaplay`, against `swiftc`
/// compiling the same files as modules, in the same order, with the loader's flags.
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let modulesSuite = BenchmarkSuite(
  title: "Loading several modules",
  subtitle: "baseline: swiftc compiling the modules in order (the leaf alone) · candidate: `:load` of the package (`:reload` after the leaf's edit)"
) {
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/ModularApp")
  let loader = FeatureLoader()
  guard let binary = ProcessRuns.tcaplay, let swiftc = loader.toolchain?.swiftc, let flags = loader.driverArguments,
    FileManager.default.fileExists(atPath: fixture.path)
  else {
    print("(module figures skipped: build the tcaplay products in the same configuration, put swiftc on PATH, and run from the package's build folder)")
    return []
  }
  let directory = ProcessRuns.scratchDirectory.appendingPathComponent("modules")
  let package = directory.appendingPathComponent("ModularApp")
  let built = directory.appendingPathComponent("swiftc")
  try? FileManager.default.removeItem(at: directory)
  try? FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
  try? FileManager.default.copyItem(at: fixture, to: package)
  guard let layout = (try? FeatureLoader.modules(of: package.path)) ?? nil else {
    print("(module figures skipped: the fixture's modules weren't found in \(package.path))")
    return []
  }
  // `swiftc` compiling one module as the loader does: a library and its module file.
  func compile(_ module: (name: String, files: [String])) {
    ProcessRuns.piped(
      swiftc.path,
      flags + [
        "-emit-module-path", built.appendingPathComponent("\(module.name).swiftmodule").path, "-I", built.path,
        "-module-name", module.name, "-o", built.appendingPathComponent("lib\(module.name).so").path,
      ] + module.files
    )
  }
  func compileAll() -> Int {
    for module in layout { compile(module) }
    return 0
  }
  _ = compileAll()
  guard layout.allSatisfy({ FileManager.default.fileExists(atPath: built.appendingPathComponent("\($0.name).swiftmodule").path) }),
    let leaf = layout.last
  else {
    print("(module figures skipped: swiftc didn't compile the fixture's modules)")
    return []
  }
  guard let session = PipedSession(binary) else {
    print("(module figures skipped: tcaplay didn't start)")
    return []
  }
  let firstLoad = session.run([":load \(package.path)"])
  guard firstLoad.contains("Loaded AppFeature") else {
    let reason = PipedSession.errorLine(in: firstLoad) ?? firstLoad.prefix(200)
    print("(module figures skipped: tcaplay couldn't load the package: \(reason))")
    return []
  }
  // An edit to the leaf module (nothing imports it), as a person makes one between reloads.
  let leafFile = leaf.files[0]
  let leafText = (try? String(contentsOfFile: leafFile, encoding: .utf8)) ?? ""
  var edits = 0
  func reload() -> Int {
    edits += 1
    try? (leafText + "\n// edit \(edits)\n").write(toFile: leafFile, atomically: false, encoding: .utf8)
    let output = session.run([":reload"])
    return output.contains("Recompiled \(leaf.name).") ? 0 : 1
  }
  return [
    BenchmarkCase(
      "load a package of five modules", requiresIdenticalOutput: false, goal: .slowdown(atMost: 2),
      baseline: compileAll,
      candidate: { session.run([":load \(package.path)"]).contains("Loaded AppFeature") ? 0 : 1 }
    ),
    BenchmarkCase(
      "reload after an edit in the leaf module", requiresIdenticalOutput: false, goal: .slowdown(atMost: 1.5),
      baseline: {
        compile(leaf)
        return 0
      },
      candidate: reload
    ),
  ]
}
