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
/// An executable SwiftPM builds as another product's tool (`swift run tcaplay` builds the kernel
/// as `tcaplay-kernel-tool`, for the front end's plugin) has modules of its own, built for the
/// host: `Modules-tool/`, and C modules in `-tool.build` folders. A feature compiled for it must
/// use those, the ones its own code was compiled from, never the other variant's.
///
/// The layout is found relative to the executable, never at a fixed path, so a build directory
/// can move.
public struct RuntimeLayout: Sendable, Equatable {
  /// Which of a build directory's two sets of modules: the products' own, or the ones SwiftPM
  /// builds for a plugin's tools (a `-tool` executable's).
  public enum Variant: Sendable, Equatable {
    /// `Modules/`, and C modules in `.build` folders: `swift build`'s products and the test runner.
    case product
    /// `Modules-tool/`, and C modules in `-tool.build` folders: a plugin's tool, such as the
    /// `tcaplay-kernel-tool` that `swift run tcaplay` builds.
    case tool

    /// The variant an executable of this file name was built as.
    public init(executableName: String) {
      self = executableName.hasSuffix("-tool") ? .tool : .product
    }

    /// The folder of `.swiftmodule`s, relative to the build directory.
    public var modulesFolder: String { self == .tool ? "Modules-tool" : "Modules" }

    /// Whether a `.build` folder of the build directory holds this variant's modules.
    func owns(buildFolder name: String) -> Bool {
      name.hasSuffix(".build") && name.hasSuffix("-tool.build") == (self == .tool)
    }

    /// What to run in the playground's folder to build this variant's modules.
    public var buildCommand: String { self == .tool ? "swift run tcaplay" : "swift build" }
  }

  /// The build directory: the one holding `Modules` (or `Modules-tool`).
  public var buildDirectory: URL
  /// The directory of `.swiftmodule`s.
  public var modulesDirectory: URL
  /// The module maps of the package's C modules.
  public var moduleMaps: [URL]
  /// Macro plugin executables, by the module name macros refer to them with.
  public var macroPlugins: [(module: String, executable: URL)]

  /// Loaded code's Apple modules that are stood in for by the playground's own, by the name
  /// loaded code imports (`import SwiftUI`): SwiftUI's value types, Combine as OpenCombine,
  /// unified logging. Modules of their own names, so that `canImport(SwiftUI)` stays false in
  /// the playground's own build.
  public static let standIns = [
    "SwiftUI": "SwiftUIStandIn", "Combine": "OpenCombineShim", "os": "OSStandIn", "OSLog": "OSLogStandIn",
  ]
  /// The stand-ins this build has, by the name loaded code imports (`-module-alias`).
  public var moduleAliases: [String: String]

  /// The modules a feature file may import, and the macro plugins it may use: `@Reducer`,
  /// `@ObservableState`, `@CasePathable`, `@DependencyClient`.
  public static let macroModules = ["CasePathsMacros", "ComposableArchitectureMacros", "DependenciesMacrosPlugin"]

  /// The layout of a build directory's `variant`, or `nil` when it holds no
  /// `ComposableArchitecture.swiftmodule` in the variant's modules folder.
  public init?(buildDirectory: URL, variant: Variant = .product) {
    let fileManager = FileManager.default
    let modules = buildDirectory.appendingPathComponent(variant.modulesFolder)
    guard fileManager.fileExists(atPath: modules.appendingPathComponent("ComposableArchitecture.swiftmodule").path)
    else { return nil }
    self.buildDirectory = buildDirectory
    self.modulesDirectory = modules
    let entries = (try? fileManager.contentsOfDirectory(atPath: buildDirectory.path))?.sorted() ?? []
    // The C modules of the same variant as the Swift modules.
    self.moduleMaps = entries
      .filter { variant.owns(buildFolder: $0) }
      .map { buildDirectory.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
      .filter { fileManager.fileExists(atPath: $0.path) }
    self.moduleAliases = Self.standIns.filter { _, module in
      fileManager.fileExists(atPath: modules.appendingPathComponent("\(module).swiftmodule").path)
    }
    self.macroPlugins = Self.macroModules.compactMap { module in
      let executable = buildDirectory.appendingPathComponent("\(module)-tool")
      return fileManager.isExecutableFile(atPath: executable.path) ? (module, executable) : nil
    }
  }

  /// The layout around the running executable, of the variant it was built as: its directory
  /// or, for an executable inside a bundle (`X.xctest/Contents/MacOS/X`), the nearest ancestor
  /// directory that has one.
  public static func aroundExecutable() -> RuntimeLayout? {
    guard let executable = Self.executableURL() else { return nil }
    return around(executable: executable)
  }

  /// The layout around the executable at `executable`, of the variant its name says.
  public static func around(executable: URL) -> RuntimeLayout? {
    let variant = Variant(executableName: executable.lastPathComponent)
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<5 {
      if let layout = RuntimeLayout(buildDirectory: directory, variant: variant) { return layout }
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
    #if !canImport(Darwin)
      // `import SwiftUI` is the stand-in's module (Apple's platforms have the real ones).
      for (name, module) in self.moduleAliases.sorted(by: { $0.key < $1.key }) {
        arguments += ["-module-alias", "\(name)=\(module)"]
      }
    #endif
    return arguments
  }

  public static func == (lhs: RuntimeLayout, rhs: RuntimeLayout) -> Bool {
    lhs.buildDirectory == rhs.buildDirectory
  }
}
