import Foundation

/// How the loader compiles a feature module without going through the `swiftc` driver each
/// time: the driver's own plan for the loader's arguments (`swiftc -###`), and the linker
/// driver's plan for its link (`clang -###`), asked for once, then run directly — the frontend,
/// then the linker.
///
/// Written by hand rather than left to the drivers because a load is mostly waiting for them:
/// per compile `swiftc` starts itself and plans before running its jobs and links with
/// `ld.gold`, and `clang` starts itself to start the linker. The plan skips both drivers and
/// links with `lld` where the toolchain has it. The libraries the object names (its autolink
/// entries: `swiftSwiftOnoneSupport` for `-Onone` code, and those of the modules a file imports)
/// are read from the object (``AutolinkEntries``; `swift-autolink-extract` when that fails) and
/// go to the linker unless the playground has them loaded already. When a plan can't be made
/// (an unexpected `-###`), the loader uses the driver as before; without the linker's plan, the
/// plan links through `clang`.
struct CompilePlan: Sendable, Equatable, Codable {
  /// The frontend's executable and the flags every compile shares (no inputs, module name or
  /// output).
  var frontend: [String]
  /// `swift-autolink-extract` and its arguments, with ``objectPlaceholder`` and
  /// ``autolinkPlaceholder``, when the driver plans that step.
  var autolink: [String]?
  /// The link: either the linker driver (`clang`) and its shared flags, with
  /// ``objectPlaceholder``, ``autolinkPlaceholder`` (after `@`) and ``libraryPlaceholder`` where
  /// a compile's files go; or the linker itself (``linksDirectly``), with
  /// ``autolinkEntriesPlaceholder`` where the object's libraries go.
  var linker: [String]

  static let objectPlaceholder = "\u{0}object"
  static let autolinkPlaceholder = "\u{0}autolink"
  static let libraryPlaceholder = "\u{0}library"
  static let autolinkEntriesPlaceholder = "\u{0}autolink-entries"
  /// The module name and paths the plan is asked for with, replaced by each compile's own.
  static let planModule = "TCAPlayCompilePlan"

  /// The frontend's arguments for one compile.
  func frontendArguments(inputs: [String], moduleName: String, object: String) -> [String] {
    Array(self.frontend.dropFirst()) + inputs + ["-module-name", moduleName, "-o", object]
  }

  /// The frontend's job for one compile: its executable's path and its arguments.
  func frontendJob(inputs: [String], moduleName: String, object: String) -> [String] {
    [self.frontend[0]] + self.frontendArguments(inputs: inputs, moduleName: moduleName, object: object)
  }

  /// `swift-autolink-extract`'s job writing the object's entries to `autolinkFile`, if planned.
  func autolinkJob(object: String, autolinkFile: String) -> [String]? {
    self.autolink.map { self.fill($0, object: object, library: "", autolinkFile: autolinkFile, entries: []) }
  }

  /// Whether the plan runs the linker itself (with the entries in its arguments) rather than
  /// the linker driver (which reads them from the autolink file).
  var linksDirectly: Bool { self.linker.contains(Self.autolinkEntriesPlaceholder) }

  /// The link job: `entries` go in place where the linker is run directly; the linker driver
  /// reads them from `autolinkFile`, which the caller writes.
  ///
  /// Where the linker runs directly, the plan's own `-lNAME`s of libraries in `loaded` (file
  /// names, as ``AutolinkEntries/loadedLibraries()`` gives them) are left out as the object's
  /// are, and `lld` links on one thread: the library is opened in a process that has those
  /// loaded, and reading `libswiftCore.so`'s symbols was half of a 17 ms link of one small
  /// object (9–10 ms without them and on one thread).
  func linkJob(object: String, library: String, autolinkFile: String, entries: [String], loaded: Set<String> = []) -> [String] {
    var linker = self.linker
    if self.linksDirectly {
      linker = AutolinkEntries.withoutLoaded(linker, loaded: loaded)
      if let program = linker.first, ["ld.lld", "lld"].contains((program as NSString).lastPathComponent) {
        linker.append("--threads=1")
      }
    }
    return self.fill(linker, object: object, library: library, autolinkFile: autolinkFile, entries: entries)
  }

  private func fill(_ arguments: [String], object: String, library: String, autolinkFile: String, entries: [String]) -> [String] {
    let paths = [
      Self.objectPlaceholder: object, Self.libraryPlaceholder: library,
      Self.autolinkPlaceholder: autolinkFile, "@" + Self.autolinkPlaceholder: "@" + autolinkFile,
    ]
    return arguments.flatMap { $0 == Self.autolinkEntriesPlaceholder ? entries : [paths[$0] ?? $0] }
  }

  /// Reads the driver's plan (`-###` output: one shell-quoted command per line) for a compile
  /// of `input` into `library` as module ``planModule``; `nil` unless it is exactly a frontend
  /// job, an optional autolink job and a `clang -shared` link job.
  static func parse(_ text: String, input: String, library: String, linkWithLLD: Bool) -> CompilePlan? {
    let jobs = text.split(separator: "\n").compactMap { ShellWords.split(String($0)) }.filter { !$0.isEmpty }
    guard
      let frontendJob = jobs.first(where: { ($0[0] as NSString).lastPathComponent == "swift-frontend" }),
      let linkJob = jobs.first(where: { ($0[0] as NSString).lastPathComponent.hasPrefix("clang") && $0.contains("-shared") }),
      jobs.allSatisfy({ $0 == frontendJob || $0 == linkJob || ($0[0] as NSString).lastPathComponent == "swift-autolink-extract" }),
      frontendJob.count(where: { $0 == input }) == 1,
      let moduleFlag = frontendJob.firstIndex(of: "-module-name"), frontendJob.indices.contains(moduleFlag + 1),
      frontendJob[moduleFlag + 1] == Self.planModule,
      let outputFlag = frontendJob.lastIndex(of: "-o"), frontendJob.indices.contains(outputFlag + 1)
    else { return nil }
    let object = frontendJob[outputFlag + 1]
    var frontend = frontendJob
    frontend.removeSubrange(outputFlag...(outputFlag + 1))
    frontend.removeSubrange(moduleFlag...(moduleFlag + 1))
    frontend.removeAll { $0 == input }
    guard linkJob.count(where: { $0 == object }) == 1, linkJob.count(where: { $0 == library }) == 1 else { return nil }
    // The autolink step: `swift-autolink-extract OBJECT -o FILE`, and `@FILE` in the link.
    var placeholders = [object: Self.objectPlaceholder, library: Self.libraryPlaceholder]
    let autolinkJob = jobs.first { ($0[0] as NSString).lastPathComponent == "swift-autolink-extract" }
    if let job = autolinkJob {
      guard let outputFlag = job.lastIndex(of: "-o"), job.indices.contains(outputFlag + 1),
        linkJob.contains("@" + job[outputFlag + 1])
      else { return nil }
      placeholders[job[outputFlag + 1]] = Self.autolinkPlaceholder
      placeholders["@" + job[outputFlag + 1]] = "@" + Self.autolinkPlaceholder
    }
    let autolink = autolinkJob?.map { placeholders[$0] ?? $0 }
    var linker = linkJob.map { placeholders[$0] ?? $0 }
    // Anything else naming the plan's module (a path made from it) would be stale in a compile.
    guard !(frontend + (autolink ?? []) + linker).contains(where: { $0.contains(Self.planModule) }) else { return nil }
    if linkWithLLD { linker.append("-fuse-ld=lld") }
    return CompilePlan(frontend: frontend, autolink: autolink, linker: linker)
  }
}

/// Splits a command line the way a POSIX shell splits words: single quotes, double quotes with
/// backslash escapes, and backslash escapes outside quotes (what the driver's `-###` prints).
enum ShellWords {
  /// The words of `line`, or `nil` if a quote is left open.
  static func split(_ line: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" { closed = true; break }
          word.append(next)
        }
        if !closed { return nil }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" { closed = true; break }
          if next == "\\", let escaped = iterator.next() { word.append(escaped) } else { word.append(next) }
        }
        if !closed { return nil }
      case "\\":
        inWord = true
        if let escaped = iterator.next() { word.append(escaped) }
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
