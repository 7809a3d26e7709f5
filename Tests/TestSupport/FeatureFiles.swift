import FeatureLoader
import Foundation

/// Whether `swiftc` is on PATH: the tests that compile feature files are skipped without it.
public let compilerIsAvailable = Toolchain.find() != nil
public let compilerMissing = "swiftc is not on PATH, so feature files can't be compiled: loading tests skipped"

/// A fresh temporary folder for a test's feature files (for the loader, `--load` and `:load`).
public struct FeatureFolder: Sendable {
  public let url: URL

  public init() throws {
    self.url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcaplay-tests-features-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
  }

  /// Writes a file into the folder and returns its path.
  @discardableResult
  public func write(_ name: String, _ source: String) throws -> String {
    let path = self.url.appendingPathComponent(name).path
    // Not atomically: an atomic write waits for the disk (`fsync`), seconds when compiles write
    // beside it, on the main actor in `@MainActor` tests.
    try source.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  public var path: String { self.url.path }

  public func remove() {
    try? FileManager.default.removeItem(at: self.url)
  }
}
