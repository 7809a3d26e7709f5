import Foundation

/// A file's `import` lines, and which of the modules they name the playground has: the
/// toolchain's, the playground's own, the stand-ins loaded code imports under Apple's names
/// (``RuntimeLayout/standIns``), or none (an Apple-only framework: the file is left out).
struct SourceImports {
  /// One `import` line: the module, and the line's bytes (to blank it).
  struct Line: Equatable {
    var module: String
    var range: Range<Int>
  }

  /// Modules only views import, whose non-view names the runtime has (`AlertState`, …): their
  /// import is blanked with the views.
  static let viewOnlyModules: Set<String> = [
    "UIKit", "AppKit", "SwiftUINavigation", "SwiftUINavigationCore", "UIKitNavigation", "AppKitNavigation",
    "Perception", "PerceptionCore", "PhotosUI", "WidgetKit",
  ]
  /// Modules whose view code the loader leaves out.
  static let userInterfaceModules: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

  var lines: [Line]

  /// The `import` lines of `source`: `import X`, `@preconcurrency import X`, `import struct X.Y`.
  init(_ source: String) {
    var lines: [Line] = []
    var offset = 0
    for line in source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      defer { offset += line.count + 1 }
      // Cheap first: most lines don't mention `import`.
      guard line.count >= 8, let text = String(line), text.contains("import") else { continue }
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
      let rest = words[(index + 1)...]
      let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
      guard let word = rest.first(where: { !kinds.contains($0) }) else { continue }
      let module = String(word.split(separator: ".").first ?? word)
      lines.append(Line(module: module, range: offset..<(offset + line.count)))
    }
    self.lines = lines
  }

  var modules: [String] { self.lines.map(\.module) }

  /// Whether view code may be left out of the file: it imports SwiftUI, UIKit or AppKit.
  var importsUserInterface: Bool { self.lines.contains { Self.userInterfaceModules.contains($0.module) } }

  /// The first module the playground doesn't have (not counting view-only ones).
  func firstUnavailable(in available: AvailableModules) -> String? {
    self.modules.first { !Self.viewOnlyModules.contains($0) && !available.contains($0) }
  }

  /// `text` (the text these imports were read from) with the view-only modules' imports blanked.
  func blankingViewOnlyImports(in text: String) -> String {
    let ranges = self.lines.filter { Self.viewOnlyModules.contains($0.module) }.map(\.range)
    guard !ranges.isEmpty else { return text }
    var bytes = Array(text.utf8)
    for range in ranges {
      for index in range.clamped(to: bytes.indices) where bytes[index] != UInt8(ascii: "\r") {
        bytes[index] = UInt8(ascii: " ")
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The modules loaded code can import: the toolchain's (its `.swiftmodule`s and C modules), the
/// playground's built modules, and the Apple names of its stand-ins.
struct AvailableModules: Sendable {
  /// Modules every toolchain has, known without listing a folder.
  static let common: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc",
    "Observation", "Synchronization", "_Concurrency", "RegexBuilder", "XCTest", "Testing", "ComposableArchitecture",
  ]
  /// The toolchain's C modules a Swift file might import.
  static let clangModules: Set<String> = ["Glibc", "SwiftGlibc", "CoreFoundation", "Darwin", "Musl", "Android", "Bionic"]

  var names: Set<String>

  init(names: Set<String>) { self.names = names }

  /// What `toolchain` and `runtime` provide (`nil` ones add nothing: the common modules only).
  init(toolchain: Toolchain?, runtime: RuntimeLayout?) {
    var names = Self.common.union(Self.clangModules)
    let fileManager = FileManager.default
    var folders: [URL] = []
    if let toolchain {
      let lib = toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lib/swift")
      folders += [lib.appendingPathComponent("linux"), lib.appendingPathComponent("macosx")]
    }
    if let runtime {
      folders.append(runtime.modulesDirectory)
      names.formUnion(runtime.moduleAliases.keys)
      names.formUnion(runtime.moduleMaps.map { $0.deletingLastPathComponent().deletingPathExtension().lastPathComponent })
    }
    for folder in folders {
      for entry in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] where entry.hasSuffix(".swiftmodule") {
        names.insert(String(entry.dropLast(".swiftmodule".count)))
      }
    }
    self.names = names
  }

  func contains(_ module: String) -> Bool {
    #if canImport(Darwin)
      // Apple's frameworks are all there.
      true
    #else
      self.names.contains(module)
    #endif
  }
}
