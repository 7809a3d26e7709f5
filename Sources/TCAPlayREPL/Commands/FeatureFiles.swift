import FeatureLoader
import Foundation
import TCAScript
import TCAScriptSyntax

/// `:load File.swift [more files or folders] [as Reducer]` and `:reload`: the user's own
/// features, compiled and loaded into the running session.
enum FeatureFiles {
  /// Whether `:load`'s arguments name Swift files or folders rather than a catalog feature.
  static func isFileLoad(_ arguments: String) -> Bool {
    let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0 != "--test" }
    guard let first = words.first else { return false }
    var isDirectory: ObjCBool = false
    return first.hasSuffix(".swift") || first.contains("/")
      || (FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue)
  }
}

extension REPL {
  private var loader: FeatureLoader {
    if let loader = self.featureLoader { return loader }
    let loader = FeatureLoader()
    self.featureLoader = loader
    return loader
  }

  /// `:load path.swift [path…] [as Reducer [with <State expression>]]`.
  func loadFiles(_ arguments: String) async {
    // `with` starts a Swift expression, which may hold spaces: split it off the text first.
    var arguments = Substring(arguments)
    var initialState: String?
    if let range = arguments.range(of: " with ") {
      initialState = arguments[range.upperBound...].trimmingCharacters(in: .whitespaces)
      arguments = arguments[..<range.lowerBound]
    }
    var words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    let isTest = words.contains("--test")
    words.removeAll { $0 == "--test" }
    var typeName: String?
    if let index = words.firstIndex(of: "as") {
      guard words.count == index + 2 else {
        self.printError("expected ':load FILE.swift [more files] as ReducerName [with InitialState]'")
        return
      }
      typeName = words[index + 1]
      words.removeSubrange(index...)
    }
    if initialState?.isEmpty == true || (initialState != nil && typeName == nil) {
      self.printError("expected ':load FILE.swift as ReducerName with ReducerName.State(…)'")
      return
    }
    let request = typeName.map { name in LoadRequest(paths: words, features: [FeatureRequest(name, initialState: initialState)]) }
      ?? LoadRequest(paths: words)
    do {
      let loaded = try await self.loader.load(request)
      for note in loaded.notes { self.print(note) }
      if let warnings = loaded.warnings { self.print(warnings) }
      _ = self.session.install(loaded.catalog)
      guard let first = loaded.featureNames.first else {
        self.printError("no reducer found in \(words.joined(separator: " ")); name one with 'as ReducerName'")
        return
      }
      // The store is of the first reducer with an initial state of its own.
      let name = loaded.catalog.features.first { $0.initialState != nil }?.name ?? first
      _ = try self.session.load(featureNamed: name, as: "store", test: isTest)
      self.printInfo(loaded.summary + " The store is `store`; edit the file and ':reload' to replay on the new code.")
    } catch let error as LoadError {
      self.printError(error.description)
    } catch let error as ScriptError {
      self.printError(error.message)
    } catch {
      self.printError("\(error)")
    }
  }

  /// `:reload`: recompile every loaded file, move the stores onto the new code and replay.
  func reloadFiles() async {
    guard let loader = self.featureLoader, !loader.requests.isEmpty else {
      self.printError("nothing to reload: load a feature file first with ':load File.swift'")
      return
    }
    do {
      for reloaded in try await loader.reload() {
        for note in reloaded.notes { self.print(note) }
        if let warnings = reloaded.warnings { self.print(warnings) }
        self.printInfo(reloaded.summary.replacingOccurrences(of: "Loaded", with: "Reloaded"))
        self.print(await self.session.reload(reloaded.catalog).description)
      }
    } catch {
      self.printError(error.description)
    }
  }
}

extension MetaCommand {
  static let reload = MetaCommand(
    name: "reload", summary: "recompile loaded feature files and replay the session on the new code",
    help: """
      :reload             compile the files loaded with ':load File.swift' again, move their
                          stores onto the new code, replay each store's recorded actions from
                          its start state (without running effects) and show the first step
                          whose state now differs, with its diff
      """,
    run: { repl, _ in
      await repl.reloadFiles()
      return .continue
    }
  )
}
