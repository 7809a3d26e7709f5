/// Why feature files could not be loaded. Its `description` is the message to show the user.
public enum LoadError: Error, Equatable, CustomStringConvertible {
  /// No `swiftc` on `PATH`.
  case compilerNotFound
  /// The playground's built modules are not next to the running executable.
  case runtimeNotFound(executable: String)
  /// A path names no file, or a folder holds no Swift files.
  case missingSources(String)
  /// The files declare no reducer to register.
  case noReducers(files: [String], types: [String])
  /// A reducer asked for by name is not declared in the files.
  case unknownReducer(String, files: [String], reducers: [String])
  /// The files do not compile: the compiler's diagnostics, exactly as `swiftc` printed them
  /// (`Counter.swift:12:5: error: …` with source excerpts).
  case compilation(String)
  /// The files compile, but a reducer can't be registered as asked: its state or action isn't
  /// `Equatable`, its state has no `init()`, …; one message per problem.
  case registration([String])
  /// The compiled library could not be loaded.
  case loading(String)
  /// A folder's modules can't be compiled in order: they import each other in a cycle, or one
  /// imports a module of the package that has no folder.
  case modules(String)
  /// These reducers' states have no `State()` and no initial state was given (the loader
  /// loads the folder's other reducers and says so; alone, this reads as a registration error).
  case withoutInitialState([FeatureRequest])
  /// Another error, after notes about the files (what was left out of them) that the user needs
  /// to make sense of it.
  indirect case noted([String], LoadError)

  /// This error with `notes` before it (none: itself).
  func noted(_ notes: [String]) -> LoadError {
    guard !notes.isEmpty else { return self }
    if case let .noted(earlier, error) = self { return .noted(notes + earlier.filter { !notes.contains($0) }, error) }
    return .noted(notes, self)
  }

  /// The notes about the files that come before the error (``noted(_:_:)``).
  public var notes: [String] {
    if case let .noted(notes, _) = self { return notes }
    return []
  }

  /// The error without its notes.
  public var message: String {
    if case let .noted(_, error) = self { return error.message }
    return self.description
  }

  /// Whether ``message`` is the compiler's output, each of its lines saying what it is
  /// (`File.swift:2:8: error: …`): shown as it is, with no "error:" of the playground's before it.
  public var isCompilerOutput: Bool {
    switch self {
    case .compilation: true
    case let .noted(_, error): error.isCompilerOutput
    default: false
    }
  }

  public var description: String {
    switch self {
    case let .noted(notes, error):
      return (notes + [error.description]).joined(separator: "\n")
    case .compilerNotFound:
      return """
        Loading a feature file needs the Swift compiler, and 'swiftc' is not on PATH. Install a \
        Swift toolchain (https://swift.org/install) or add its 'usr/bin' folder to PATH.
        """
    case let .runtimeNotFound(executable):
      let variant = RuntimeLayout.Variant(executableName: String(executable.split(separator: "/").last ?? ""))
      return """
        The playground's built modules were not found next to \(executable) (expected \
        '\(variant.modulesFolder)/ComposableArchitecture.swiftmodule' in its folder): loading a \
        feature compiles it against them. Build them with '\(variant.buildCommand)' in the \
        playground's package folder, and run tcaplay from its build folder.
        """
    case let .missingSources(message):
      return message
    case let .noReducers(files, types):
      return """
        No reducer found in \(Self.list(files)). Declare one as '@Reducer struct Name' or \
        'struct Name: Reducer'\(types.isEmpty ? "" : ", or name one of the types: \(types.joined(separator: ", "))").
        """
    case let .unknownReducer(name, files, reducers):
      return "No type named '\(name)' in \(Self.list(files))"
        + (reducers.isEmpty ? "." : "; reducers: \(reducers.joined(separator: ", ")).")
    case let .compilation(diagnostics):
      return diagnostics
    case let .registration(problems):
      return problems.joined(separator: "\n")
    case let .loading(message), let .modules(message):
      return message
    case let .withoutInitialState(features):
      return features.map { FeatureLoader.noInitialStateMessage($0) }.joined(separator: "\n")
    }
  }

  static func list(_ files: [String]) -> String {
    files.count <= 3 ? files.joined(separator: ", ") : "\(files.prefix(3).joined(separator: ", ")) and \(files.count - 3) more"
  }
}
