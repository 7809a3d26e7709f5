import CSourceKit
import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compiles a feature module inside the playground's own process, through the toolchain's
/// SourceKit library (`libsourcekitdInProc.so`), rather than in a `swift-frontend` process.
///
/// The compile itself is the same work either way. What stays warm is what a new frontend
/// process does first: starting (loading the compiler, a large executable) and starting the
/// macro plugins' processes, which SourceKit keeps running between compiles. Here that is about
/// 40 ms of a 180 ms reload. The price is memory: the compiler
/// lives in the process (about 170 MB). A kernel keeps it in its ``CompileServer``.
///
/// ```swift
/// let outcome = await WarmCompiler.compile(
///   library: toolchain.sourceKitLibrary, driverArguments: arguments, inputs: inputs,
///   moduleName: "UserFeature_2", object: object
/// )
/// switch outcome {
/// case .compiled(let diagnostics): …   // the object is written
/// case .failed(let diagnostics): …     // it has errors
/// case .requestFailed(let reason): …   // SourceKit couldn't compile
/// }
/// ```
///
/// The library is opened and initialized once per process, on first use; ``prepare(library:)``
/// does that on a thread of its own, ahead of the first compile. Compiles take the arguments
/// the `swiftc` driver would (see ``compilerArguments(driverArguments:inputs:moduleName:object:)``)
/// and run one at a time.
///
/// SourceKit reuses a compile when a session's arguments are the same as the last time, and
/// that reuse has produced stale objects for edits inside a closure. A warm compiler must never
/// be asked for the same module name and object twice: the loader compiles each build as a
/// new module into a new directory.
final class WarmCompiler: @unchecked Sendable {
  /// A diagnostic from a compile, as SourceKit reports it (no source excerpt).
  struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `error`, `warning`, `note` or `remark`.
    var severity: String
    /// The file, or `nil` for a diagnostic without a position.
    var file: String?
    var line: Int
    var column: Int
    var message: String

    /// `file:line:column: severity: message`, as a compiler prints it.
    var description: String { "\(self.file ?? "<unknown>"):\(self.line):\(self.column): \(self.severity): \(self.message)" }
  }

  /// How a compile went.
  enum Outcome: Sendable, Equatable, Codable {
    /// The object was written; the diagnostics are warnings, notes and remarks.
    case compiled(diagnostics: [Diagnostic])
    /// The compile reported errors; the diagnostics are all it reported.
    case failed(diagnostics: [Diagnostic])
    /// SourceKit couldn't compile (the library is missing or incomplete, or the request failed).
    case requestFailed(String)
  }

  /// Why a library can't be used.
  struct Unavailable: Error, Sendable, Equatable {
    var reason: String
  }

  private let api: API
  private let keys: Keys
  /// Compiles run one at a time (the loader's compiles are one at a time anyway; tests run
  /// several loaders at once).
  private let lock = NSLock()
  /// The signal handlers SourceKit installed (LLVM's: for crashes, SIGINT, SIGTERM, SIGUSR1),
  /// in place only while it compiles (see ``SignalHandlers``). Guarded by `lock`.
  private var sourceKitHandlers: SignalHandlers
  /// The SourceKit session compiles go to: the same one each time, so that they share it.
  static let sessionName = "tcaplay"

  private init(api: API, sourceKitHandlers: SignalHandlers) {
    self.api = api
    self.keys = Keys(api)
    self.sourceKitHandlers = sourceKitHandlers
  }

  // MARK: - Opening the library

  private static let lock = NSLock()
  nonisolated(unsafe) private static var compilers: [String: Result<WarmCompiler, Unavailable>] = [:]

  /// The warm compiler of `library`: opened and initialized by the first caller (which waits
  /// about 20 ms), the same one afterwards, or why it can't be. Thread-safe; blocks.
  static func shared(library: URL) throws(Unavailable) -> WarmCompiler {
    let result = Self.lock.withLock {
      if let known = Self.compilers[library.path] { return known }
      let opened = Result { () throws(Unavailable) in try Self.open(library) }
      Self.compilers[library.path] = opened
      return opened
    }
    return try result.get()
  }

  /// Opens and initializes `library` on a thread of its own, if no one has yet, so that the
  /// first compile finds it ready.
  static func prepare(library: URL) {
    let isKnown = Self.lock.withLock { Self.compilers[library.path] != nil }
    guard !isKnown else { return }
    Thread { _ = try? Self.shared(library: library) }.start()
  }

  private static func open(_ library: URL) throws(Unavailable) -> WarmCompiler {
    guard FileManager.default.fileExists(atPath: library.path) else {
      throw Unavailable(reason: "\(library.path) does not exist")
    }
    // Local: its symbols (LLVM's, the compiler's) stay out of the way of the playground's and
    // of the features' libraries. It is never closed.
    guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
      throw Unavailable(reason: dlerror().map { String(cString: $0) } ?? "could not open \(library.path)")
    }
    guard let api = API(handle) else {
      throw Unavailable(reason: "\(library.path) lacks SourceKit's C functions")
    }
    let playgroundHandlers = SignalHandlers.current()
    api.initialize()
    defer { playgroundHandlers.install() }
    return WarmCompiler(api: api, sourceKitHandlers: SignalHandlers.current())
  }

  // MARK: - Compiling

  /// The arguments for compiling `inputs` into `object` as module `moduleName`, from the
  /// driver's arguments for a library: `-c` for `-emit-library`, the linker's and LLVM's
  /// options left out (SourceKit doesn't link, and refuses `-Xllvm`), `-wmo` kept (one job for
  /// all the inputs, which is what SourceKit compiles).
  static func compilerArguments(driverArguments: [String], inputs: [String], moduleName: String, object: String) -> [String] {
    var arguments: [String] = []
    var index = driverArguments.startIndex
    while index < driverArguments.endIndex {
      let argument = driverArguments[index]
      index += 1
      switch argument {
      case "-emit-library": arguments.append("-c")
      case "-Xlinker", "-Xllvm": index += 1
      default: arguments.append(argument)
      }
    }
    if !arguments.contains("-wmo") && !arguments.contains("-whole-module-optimization") { arguments.append("-wmo") }
    return arguments + ["-module-name", moduleName, "-o", object] + inputs
  }

  /// Compiles with `library`'s warm compiler (see ``compile(driverArguments:inputs:moduleName:object:)``)
  /// on a thread of its own, opening the library first if no one has: the caller waits without
  /// holding a thread. `.requestFailed` when the library can't be used.
  static func compile(
    library: URL, driverArguments: [String], inputs: [String], moduleName: String, object: String
  ) async -> Outcome {
    // The compiler's recursion wants a main thread's stack, whichever thread SourceKit runs on.
    await onThreadOfItsOwn(stackSize: 8 << 20) {
      switch Result(catching: { () throws(Unavailable) in try Self.shared(library: library) }) {
      case .success(let compiler):
        compiler.compile(driverArguments: driverArguments, inputs: inputs, moduleName: moduleName, object: object)
      case .failure(let unavailable):
        .requestFailed(unavailable.reason)
      }
    }
  }

  /// Compiles `inputs` into the object file `object` as module `moduleName`, with the driver's
  /// arguments for a library (see ``compilerArguments(driverArguments:inputs:moduleName:object:)``).
  /// Blocks the calling thread for the compile.
  func compile(driverArguments: [String], inputs: [String], moduleName: String, object: String) -> Outcome {
    let arguments = Self.compilerArguments(
      driverArguments: driverArguments, inputs: inputs, moduleName: moduleName, object: object
    )
    let outcome = self.withSourceKit {
      // A macro plugin SourceKit starts now keeps whatever it inherits.
      InheritedDescriptors.markAllCloseOnExec()
      return self.send(arguments)
    }
    if case .compiled = outcome, !FileManager.default.fileExists(atPath: object) {
      return .requestFailed("the compile wrote no object at \(object)")
    }
    return outcome
  }

  /// Frees what the last compile left in memory (its AST, SIL and LLVM modules). SourceKit keeps
  /// them for reusing a compile with the same arguments, which the loader never asks for, and
  /// frees them when the session's next compile starts: about 7 ms at the start of every
  /// `:reload`'s compile. The compile server calls this once a compile's answer is on its way,
  /// while the kernel links and opens the library.
  func releaseLastCompile() {
    let api = self.api
    let keys = self.keys
    self.withSourceKit {
      guard let request = api.dictionaryCreate(nil, nil, 0) else { return }
      api.dictionarySetUID(request, keys.request, keys.closeRequest)
      api.dictionarySetString(request, keys.name, Self.sessionName)
      if let response = api.sendSync(request) { api.responseDispose(response) }
      api.release(request)
    }
  }

  /// Runs `body`, a request to SourceKit, one at a time and with SourceKit's signal handlers in
  /// place (see ``SignalHandlers``).
  private func withSourceKit<Result>(_ body: () -> Result) -> Result {
    self.lock.withLock {
      let playgroundHandlers = SignalHandlers.current()
      self.sourceKitHandlers.install()
      defer {
        self.sourceKitHandlers = SignalHandlers.current()
        playgroundHandlers.install()
      }
      return body()
    }
  }

  /// Sends one `source.request.compile` and reads its reply.
  private func send(_ arguments: [String]) -> Outcome {
    let api = self.api
    let keys = self.keys
    guard let request = api.dictionaryCreate(nil, nil, 0), let list = api.arrayCreate(nil, 0) else {
      return .requestFailed("SourceKit could not make a request")
    }
    api.dictionarySetUID(request, keys.request, keys.compileRequest)
    api.dictionarySetString(request, keys.name, Self.sessionName)
    for argument in arguments {
      api.arraySetString(list, API.append, argument)
    }
    api.dictionarySetValue(request, keys.compilerArguments, list)
    api.release(list)
    let response = api.sendSync(request)
    api.release(request)
    guard let response else { return .requestFailed("SourceKit gave no reply") }
    defer { api.responseDispose(response) }
    if api.responseIsError(response) {
      return .requestFailed(api.errorDescription(response).map { String(cString: $0) } ?? "SourceKit's request failed")
    }
    let reported = api.dictionaryGetValue(api.responseValue(response), keys.diagnostics)
    let diagnostics = (0..<api.arrayCount(reported)).map { index in
      self.diagnostic(api.arrayGetValue(reported, index))
    }
    return diagnostics.contains { $0.severity == "error" }
      ? .failed(diagnostics: diagnostics) : .compiled(diagnostics: diagnostics)
  }

  private func diagnostic(_ value: tcaplay_sourcekit_variant) -> Diagnostic {
    let api = self.api
    let keys = self.keys
    let severity = api.dictionaryGetUID(value, keys.severity).flatMap(api.uidString).map { String(cString: $0) }
    let file = api.dictionaryGetString(value, keys.filePath).map { String(cString: $0) }
    return Diagnostic(
      // `source.diagnostic.severity.error` → `error`
      severity: severity.map { String($0.split(separator: ".").last ?? "") } ?? "error",
      file: file?.isEmpty == false ? file : nil,
      line: Int(api.dictionaryGetInt(value, keys.line)),
      column: Int(api.dictionaryGetInt(value, keys.column)),
      message: api.dictionaryGetString(value, keys.description).map { String(cString: $0) } ?? ""
    )
  }
}

extension WarmCompiler {
  /// The process's signal handlers, saved and put back around SourceKit's work.
  ///
  /// LLVM, in SourceKit, installs handlers for the crash signals (and SIGINT, SIGTERM, SIGUSR1)
  /// during its first compile and keeps them. They pass a crash on to the handlers they replaced,
  /// but not intact: a trap in the user's code then lost its frames in the kernel's crash report.
  /// So the playground's handlers are put back after each call into SourceKit, and SourceKit's
  /// are in place only while it compiles (a trap on another thread in that time still reaches
  /// LLVM's handlers first).
  fileprivate struct SignalHandlers {
    private var actions: [Int32: sigaction] = [:]

    /// The signals LLVM handles (its crash, interrupt and info signals, and SIGPIPE), and no
    /// others: swapping every signal's handler put back a stale SIGCHLD disposition while
    /// another thread had changed it, and `Process.waitUntilExit()` then waited forever for a
    /// child that had ended.
    private static let signals: [Int32] = [
      SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV, SIGQUIT, SIGSYS, SIGXCPU, SIGXFSZ,
      SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE,
    ]

    /// The handlers installed now.
    static func current() -> SignalHandlers {
      var handlers = SignalHandlers()
      for signal in Self.signals {
        var action = sigaction()
        if sigaction(signal, nil, &action) == 0 { handlers.actions[signal] = action }
      }
      return handlers
    }

    /// Installs these handlers.
    func install() {
      for (signal, saved) in self.actions {
        var action = saved
        _ = sigaction(signal, &action, nil)
      }
    }
  }
}
