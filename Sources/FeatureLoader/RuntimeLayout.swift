import Foundation

/// Where the playground's own built modules are, for compiling a feature file against them.
///
/// SwiftPM lays a build directory out like this, with the running executable (`tcaplay`, or the
/// test runner) at its top:
///
/// ```
/// .build/x86_64-unknown-linux-gnu/debug/
///   tcaplay
///   Modules/ComposableArchitecture.swiftmodule       ← the Swift modules (-I)
///   COpenCombineHelpers.build/module.modulemap       ← C modules (-fmodule-map-file)
///   ComposableArchitectureMacros-tool                ← macro plugins (-load-plugin-executable)
/// ```
///
/// The layout is found relative to the executable, never at a fixed path, so a build directory
/// can move.
public struct RuntimeLayout: Sendable, Equatable {
  /// The build directory: the one holding `Modules`.
  public var buildDirectory: URL
  /// The directory of `.swiftmodule`s.
  public var modulesDirectory: URL
  /// The module maps of the package's C modules.
  public var moduleMaps: [URL]
  /// Macro plugin executables, by the module name macros refer to them with.
  public var macroPlugins: [(module: String, executable: URL)]

  /// The modules a feature file may import, and the macro plugins it may use: `@Reducer`,
  /// `@ObservableState`, `@CasePathable`, `@DependencyClient`.
  public static let macroModules = ["CasePathsMacros", "ComposableArchitectureMacros", "DependenciesMacrosPlugin"]

  /// The layout of a build directory, or `nil` when it holds no `Modules/ComposableArchitecture.swiftmodule`.
  public init?(buildDirectory: URL) {
    let fileManager = FileManager.default
    let modules = buildDirectory.appendingPathComponent("Modules")
    guard fileManager.fileExists(atPath: modules.appendingPathComponent("ComposableArchitecture.swiftmodule").path)
    else { return nil }
    self.buildDirectory = buildDirectory
    self.modulesDirectory = modules
    let entries = (try? fileManager.contentsOfDirectory(atPath: buildDirectory.path))?.sorted() ?? []
    // Modules built for the host (macros, plugins) live in `-tool.build` directories; the
    // features link against the target's.
    self.moduleMaps = entries
      .filter { $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build") }
      .map { buildDirectory.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
      .filter { fileManager.fileExists(atPath: $0.path) }
    self.macroPlugins = Self.macroModules.compactMap { module in
      let executable = buildDirectory.appendingPathComponent("\(module)-tool")
      return fileManager.isExecutableFile(atPath: executable.path) ? (module, executable) : nil
    }
  }

  /// The layout around the running executable: its directory or, for an executable inside a
  /// bundle (`X.xctest/Contents/MacOS/X`), the nearest ancestor directory that has one.
  public static func aroundExecutable() -> RuntimeLayout? {
    guard var directory = Self.executableURL()?.deletingLastPathComponent() else { return nil }
    for _ in 0..<5 {
      if let layout = RuntimeLayout(buildDirectory: directory) { return layout }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  static func executableURL() -> URL? {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: path)
      }
    #endif
    return Bundle.main.executableURL?.resolvingSymlinksInPath()
  }

  /// The compiler arguments that make the playground's modules and macros visible.
  var compilerArguments: [String] {
    var arguments = ["-I", self.modulesDirectory.path]
    for map in self.moduleMaps {
      arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
    }
    for plugin in self.macroPlugins {
      arguments += ["-load-plugin-executable", "\(plugin.executable.path)#\(plugin.module)"]
    }
    return arguments
  }

  public static func == (lhs: RuntimeLayout, rhs: RuntimeLayout) -> Bool {
    lhs.buildDirectory == rhs.buildDirectory
  }
}
