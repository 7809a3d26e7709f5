import FeatureLoader
import Foundation

/// Whether `swiftc` is on PATH: the tests that compile feature files are skipped without it.
public let compilerIsAvailable = Toolchain.find() != nil
public let compilerMissing = "swiftc is not on PATH, so feature files can't be compiled: loading tests skipped"

/// This test process's scratch folder (`tcaplay-tests-PID` in the temporary folder): tests write
/// their files and folders in it, and it is removed when the process exits, so that a test run
/// leaves nothing in the temporary folder (a run left about 35 entries there).
public enum TestScratch {
  public static let directory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: TestScratch.directory) }
    return url
  }()

  /// A fresh path in the scratch folder, ending with `name`.
  public static func path(_ name: String) -> URL {
    Self.directory.appendingPathComponent("\(UUID().uuidString)-\(name)")
  }
}

/// A fresh folder for a test's feature files (for the loader, `--load` and `:load`), in
/// ``TestScratch``.
public struct FeatureFolder: Sendable {
  public let url: URL

  public init() throws {
    self.url = TestScratch.path("features")
    try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
  }

  /// A copy of the folder `source` (a fixture, to edit).
  public init(copying source: URL) throws {
    self.url = TestScratch.path("features")
    try FileManager.default.createDirectory(at: self.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: self.url)
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
