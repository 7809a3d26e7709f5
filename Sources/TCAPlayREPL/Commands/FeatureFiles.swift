import FeatureLoader
import Foundation
import TCAScript
import TCAScriptSyntax

/// `:load File.swift [more files or folders] [as Reducer]` and `:reload`: the user's own
/// features, compiled and loaded into the running session.
enum FeatureFiles {
  /// Whether `:load`'s arguments name Swift files or folders rather than a catalog feature.
  static func isFileLoad(_ arguments: String) -> Bool {
    // A path in quotes is a file's (and an unclosed quote is reported as `:load FILE`'s error).
    if arguments.drop(while: \.isWhitespace).hasPrefix("\"") { return true }
    guard case let .success(parsed) = FileLoadArguments.parse(arguments), let first = parsed.paths.first else { return false }
    var isDirectory: ObjCBool = false
    return first.hasSuffix(".swift") || first.contains("/")
      || (FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue)
  }
}

/// What `:load` is asked to load from files: `:load PATH… [--test] [as Reducer [with State(…)]]`,
/// parsed once. A path with spaces is written in double quotes (`:load "My App/Sources"`) or
/// with backslashes (`:load My\ App/Sources`); `--load` paths arrive as paths and are never
/// split.
struct FileLoadArguments: Equatable, Sendable {
  var paths: [String]
  var reducer: String?
  var initialState: String?
  var isTest = false

  /// `:load`'s arguments, or the one-line error to show.
  static func parse(_ text: String) -> Result<FileLoadArguments, FileLoadError> {
    var words: [String] = []
    var word = ""
    var hasWord = false
    var isQuoted = false
    var initialState: String?
    var characters = Substring(text)
    while let character = characters.popFirst() {
      if character == "\\", let next = characters.popFirst() {
        word.append(next)
        hasWord = true
      } else if character == "\"" {
        isQuoted.toggle()
        hasWord = true
      } else if character.isWhitespace, !isQuoted {
        if hasWord { words.append(word) }
        (word, hasWord) = ("", false)
        // `with` starts a Swift expression, which may hold spaces and quotes: the rest is it.
        if characters.hasPrefix("with ") || characters == "with" {
          initialState = characters.dropFirst(4).trimmingCharacters(in: .whitespaces)
          break
        }
      } else {
        word.append(character)
        hasWord = true
      }
    }
    if isQuoted { return .failure(.unclosedQuote) }
    if hasWord { words.append(word) }
    var parsed = FileLoadArguments(paths: words, initialState: initialState)
    parsed.isTest = words.contains("--test")
    parsed.paths.removeAll { $0 == "--test" }
    if let index = parsed.paths.firstIndex(of: "as") {
      guard parsed.paths.count == index + 2 else { return .failure(.misplacedAs) }
      parsed.reducer = parsed.paths[index + 1]
      parsed.paths.removeSubrange(index...)
    }
    if initialState?.isEmpty == true || (initialState != nil && parsed.reducer == nil) { return .failure(.misplacedWith) }
    return .success(parsed)
  }

  /// The `:load` command that loads the same again (for the journal and a kernel's replay): paths
  /// with spaces, quotes or backslashes in double quotes.
  var command: String {
    var words = [":load"] + self.paths.map(Self.quoted)
    if self.isTest { words.append("--test") }
    if let reducer = self.reducer { words += ["as", reducer] }
    if let initialState = self.initialState { words += ["with", initialState] }
    return words.joined(separator: " ")
  }

  static func quoted(_ path: String) -> String {
    guard path.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "\\" }) || path.isEmpty else { return path }
    var result = "\""
    for character in path {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}

/// Why `:load`'s arguments don't parse; `description` is the message.
enum FileLoadError: Error, Equatable, CustomStringConvertible {
  case unclosedQuote, misplacedAs, misplacedWith

  var description: String {
    switch self {
    case .unclosedQuote: return "a path's opening '\"' has no closing '\"': ':load \"My App/Sources\"'"
    case .misplacedAs: return "expected ':load FILE.swift [more files] as ReducerName [with InitialState]'"
    case .misplacedWith: return "expected ':load FILE.swift as ReducerName with ReducerName.State(…)'"
    }
  }
}

extension REPL {
  private var loader: FeatureLoader {
    if let loader = self.featureLoader { return loader }
    let loader = FeatureLoader()
    self.featureLoader = loader
    return loader
  }

  /// `:load path.swift [path…] [as Reducer [with <State expression>]]`, as typed.
  func loadFiles(_ arguments: String) async {
    switch FileLoadArguments.parse(arguments) {
    case let .success(parsed): await self.loadFiles(parsed)
    case let .failure(error): self.printError(error.description)
    }
  }

  /// Loads files as `:load` asked, or as `--load` gave them.
  func loadFiles(_ arguments: FileLoadArguments) async {
    let words = arguments.paths
    let isTest = arguments.isTest
    let request = arguments.reducer.map { name in
      LoadRequest(paths: words, features: [FeatureRequest(name, initialState: arguments.initialState)])
    } ?? LoadRequest(paths: words)
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
      self.printLoadError(error)
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
        // A load of several modules recompiles the changed ones and those that import them.
        if !reloaded.unchangedModules.isEmpty || reloaded.modules.count > 1 {
          guard !reloaded.modules.isEmpty else {
            self.printInfo("Recompiled nothing: no module's files changed.")
            continue
          }
          self.printInfo("Recompiled \(reloaded.modules.joined(separator: ", ")).")
        }
        for note in reloaded.notes { self.print(note) }
        if let warnings = reloaded.warnings { self.print(warnings) }
        self.printInfo(reloaded.summary.replacingOccurrences(of: "Loaded", with: "Reloaded"))
        self.print(await self.session.reload(reloaded.catalog).description)
      }
    } catch {
      self.printLoadError(error)
    }
  }

  /// A load's error: the notes about its files first (what was left out of them), then the
  /// error; the compiler's output as it printed it, its lines already saying "error:".
  func printLoadError(_ error: LoadError) {
    for note in error.notes { self.print(note) }
    if error.isCompilerOutput {
      self.printProblem(error.message)
    } else {
      self.printError(error.message)
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
