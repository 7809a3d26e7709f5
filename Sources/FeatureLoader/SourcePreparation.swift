import Foundation
import TextFiles

/// The files of a load as the compiler gets them: a file that imports an Apple-only framework
/// is left out (with a note; a dependency whose live value it had answers with its preview or
/// test value), and view code is left out of files that import SwiftUI or UIKit (``ViewCode``),
/// blanked so that lines and columns stay.
struct SourcePreparation {
  /// The files that are compiled, in order.
  var files: [String] = []
  /// Their text as compiled, by path.
  var texts: [String: String] = [:]
  /// One line per file with something left out, or left out whole.
  var notes: [String] = []

  /// A file left out whole, and why: the framework it imports.
  private struct LeftOut {
    var path: String
    var text: String
    var framework: String
  }

  init(files paths: [String], modules: AvailableModules) throws(LoadError) {
    var leftOut: [LeftOut] = []
    var imports: [String: SourceImports] = [:]
    for path in paths {
      let text = try Self.read(path)
      let fileImports = SourceImports(text)
      if let framework = fileImports.firstUnavailable(in: modules) {
        leftOut.append(LeftOut(path: path, text: text, framework: framework))
        continue
      }
      self.files.append(path)
      self.texts[path] = text
      imports[path] = fileImports
    }
    // Files without a user-interface import aren't parsed: most loads have none.
    let viewFiles = self.files.filter { path in
      imports[path]?.modules.contains { SourceImports.viewOnlyModules.union(SourceImports.userInterfaceModules).contains($0) }
        ?? false
    }
    if !viewFiles.isEmpty {
      let views = ViewCode(files: viewFiles.map { ($0, self.texts[$0] ?? "") })
      for path in viewFiles {
        guard let stripped = views.strip(path), let fileImports = imports[path] else { continue }
        if fileImports.modules.contains(where: { $0 == "UIKit" || $0 == "AppKit" }), let name = stripped.uiKitNames.first {
          leftOut.append(LeftOut(path: path, text: self.texts[path] ?? "", framework: "UIKit's \(name) outside its views"))
          self.files.removeAll { $0 == path }
          self.texts[path] = nil
          continue
        }
        self.texts[path] = fileImports.blankingViewOnlyImports(in: stripped.text)
        if !stripped.removed.isEmpty { self.notes.append("\(path): \(stripped.removed.description) left out") }
      }
    }
    guard !leftOut.isEmpty else { return }
    try self.checkInterfaces(leftOut)
    for file in leftOut {
      self.notes.append("Left out \(file.path): it uses \(file.framework), which isn't on Linux.")
      self.notes += self.supplyLiveValues(from: file)
    }
  }

  static func read(_ file: String) throws(LoadError) -> String {
    do { return try TextFile.read(atPath: file) } catch { throw .missingSources("Can't read \(file): \(error.reason)") }
  }

  /// Refuses a load whose files use a type declared in a left-out file: a client's interface
  /// that names a framework's types can't be left out with its live value.
  private func checkInterfaces(_ leftOut: [LeftOut]) throws(LoadError) {
    var users: [String: String] = [:]
    for path in self.files {
      for word in Self.words(of: self.texts[path] ?? "") where users[word] == nil { users[word] = path }
    }
    for file in leftOut {
      for declaration in ReducerScanner.declarations(in: file.text) where declaration.isTopLevel && !declaration.isPrivate {
        guard let user = users[declaration.qualifiedName] else { continue }
        throw .missingSources(
          "\(declaration.qualifiedName) can't be left out: \(user) uses it, and \(file.path), which declares it, uses "
            + "\(file.framework), which isn't on Linux. Keep the interface (the type and its test value) in a file "
            + "without \(file.framework) and the live value that needs it in another, which the playground leaves out."
        )
      }
    }
  }

  /// For each `extension X: DependencyKey` of a left-out file (its live value), a conformance
  /// appended to the kept file that makes `X` a `TestDependencyKey`, whose `liveValue` is its
  /// preview value (or else its test value); a note for each.
  private mutating func supplyLiveValues(from file: LeftOut) -> [String] {
    var notes: [String] = []
    for key in Self.liveKeys(in: file.text) {
      let escaped = NSRegularExpression.escapedPattern(for: key)
      guard
        let interface = self.files.first(where: { path in
          (self.texts[path] ?? "").range(
            of: #"(extension|struct|enum|class|actor)\s+\#(escaped)\b[^{]*\bTestDependencyKey\b"#, options: .regularExpression
          ) != nil
        }), let text = self.texts[interface]
      else {
        notes.append("\(key) has no test value in the other files: what uses it can't load without its live value.")
        continue
      }
      let value = text.range(of: #"static\s+(let|var)\s+previewValue\b"#, options: .regularExpression) != nil
        ? "previewValue" : "testValue"
      // After the file's last line: its own lines stay where they are.
      self.texts[interface] = text + "\nextension \(key): DependencyKey { public static var liveValue: Self.Value { Self.\(value) } }\n"
      notes.append("\(key) answers with its \(value == "previewValue" ? "preview" : "test") value (its live value is in \(file.path)).")
    }
    return notes
  }

  /// The types a source gives a live value: `extension X: DependencyKey`.
  static func liveKeys(in text: String) -> [String] {
    guard let pattern = try? NSRegularExpression(pattern: #"extension\s+([A-Za-z_][\w.]*)\s*:\s*([^{]*)\{"#) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return pattern.matches(in: text, range: range).compactMap { match in
      guard let name = Range(match.range(at: 1), in: text), let clause = Range(match.range(at: 2), in: text),
        Self.words(of: String(text[clause])).contains("DependencyKey")
      else { return nil }
      return String(text[name])
    }
  }

  /// The identifiers of a text.
  static func words(of text: String) -> Set<String> {
    Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }).flatMap { word in
      // `Client.live` names `Client`; `Feature.State` names both.
      [String(word)] + word.split(separator: ".").map(String.init)
    })
  }
}
