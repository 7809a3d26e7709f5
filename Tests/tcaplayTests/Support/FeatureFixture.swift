import Foundation

/// A user's feature file for `--load` and `:load`, written to a fresh temporary folder.
enum FeatureFixture {
  /// Whether `swiftc` is on the PATH (loading a feature file compiles it).
  static var hasCompiler: Bool {
    ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
      .contains { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") } == true
  }

  /// Writes `source` as `name` in a new temporary folder and returns the file's URL.
  static func write(_ source: String, named name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-user-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file
  }
}
