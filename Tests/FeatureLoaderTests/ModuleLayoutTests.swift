@testable import FeatureLoader
import Foundation
import Testing
import TestSupport

/// Finding the modules of a folder and their order, from the folders and the files' imports.
struct ModuleLayoutTests {
  /// A scratch folder with `files` (paths relative to it) written.
  func folder(_ files: [String: String]) throws -> FeatureFolder {
    let folder = try FeatureFolder()
    for (path, text) in files {
      let url = folder.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: false, encoding: .utf8)
    }
    return folder
  }

  static let package: [String: String] = [
    "Package.swift": "// swift-tools-version: 5.9\nlet package = Package(name: \"App\", targets: [.target(name: \"Models\"), .target(name: \"Login\"), .target(name: \"App\")])\n",
    "Sources/App/App.swift": "import ComposableArchitecture\nimport Login\n@preconcurrency import Models\n",
    "Sources/Login/Login.swift": "import ComposableArchitecture\nimport struct Models.User\n",
    "Sources/Models/User.swift": "public struct User {}\n",
  ]

  @Test func aPackagesModulesComeInTheOrderTheyImportEachOther() throws {
    let folder = try self.folder(Self.package)
    defer { folder.remove() }
    let layout = try #require(try ModuleLayout.find([folder.path + "/"]))
    #expect(layout.modules.map(\.name) == ["Models", "Login", "App"])
    #expect(layout.modules.map(\.imports) == [[], ["Models"], ["Login", "Models"]])
    #expect(layout.modules[0].folder == folder.path + "/Sources/Models")
  }

  @Test func oneModuleOfAPackageLoadsWithTheSiblingsItImports() throws {
    var files = Self.package
    files["Sources/Other/Other.swift"] = "import Models\n"
    let folder = try self.folder(files)
    defer { folder.remove() }
    let layout = try #require(try ModuleLayout.find([folder.path + "/Sources/Login"]))
    #expect(layout.modules.map(\.name) == ["Models", "Login"])
  }

  @Test func aCycleIsOneLineNamingIt() throws {
    var files = Self.package
    files["Sources/Models/User.swift"] = "import App\npublic struct User {}\n"
    let folder = try self.folder(files)
    defer { folder.remove() }
    #expect(throws: LoadError.modules("The modules import each other in a cycle: App → Login → Models → App")) {
      try ModuleLayout.find([folder.path])
    }
  }

  @Test func aTargetOfTheManifestWithoutAFolderIsNamed() throws {
    var files = Self.package
    files["Sources/Models/User.swift"] = nil
    let folder = try self.folder(files)
    defer { folder.remove() }
    #expect(throws: LoadError.modules("App imports Models, a target of Package.swift with no folder \(folder.path)/Sources/Models")) {
      try ModuleLayout.find([folder.path])
    }
  }

  @Test func featureFoldersThatImportEachOtherAreModules() throws {
    // A Tuist layout: each feature's files in its own `Sources/`, its tests beside them.
    let folder = try self.folder([
      "Features/Settings/Sources/Settings.swift": "import ComposableArchitecture\nimport Theme\n",
      "Features/Settings/Tests/SettingsTests.swift": "import Settings\nimport XCTest\n",
      "Features/Theme/Theme.swift": "public enum Theme {}\n",
    ])
    defer { folder.remove() }
    let layout = try #require(try ModuleLayout.find([folder.path + "/Features"]))
    #expect(layout.modules.map(\.name) == ["Theme", "Settings"])
    #expect(layout.modules[1].folder == folder.path + "/Features/Settings/Sources")
    let one = try #require(try ModuleLayout.find([folder.path + "/Features/Settings/Sources"]))
    #expect(one.modules.map(\.name) == ["Theme", "Settings"])
  }

  @Test func foldersThatDontImportEachOtherAreOneModule() throws {
    let folder = try self.folder([
      "Features/Counter/Counter.swift": "import ComposableArchitecture\n",
      "Features/Timer/Timer.swift": "import ComposableArchitecture\nimport Foundation\n",
    ])
    defer { folder.remove() }
    #expect(try ModuleLayout.find([folder.path + "/Features"]) == nil)
    #expect(try ModuleLayout.find([folder.path + "/Features/Counter"]) == nil)
    #expect(try ModuleLayout.find([folder.path + "/Features/Counter/Counter.swift"]) == nil)
    #expect(try ModuleLayout.find([folder.path + "/Features/Counter", folder.path + "/Features/Timer"]) == nil)
  }

  @Test func importLinesOfEveryForm() {
    let source = """
      import A
      @testable import B
      import struct C.Thing
      @preconcurrency import D.Sub
      // import E
      let importance = 1
      """
    #expect(ModuleLayout.importedModules(in: source) == ["A", "B", "C", "D"])
  }
}
