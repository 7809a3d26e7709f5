import Foundation

/// How the loader compiles a feature module without going through the `swiftc` driver each
/// time: the driver's own plan for the loader's arguments (`swiftc -###`), asked for once, then
/// run directly — the frontend, then the linker.
///
/// Written by hand rather than left to the driver because a load is mostly waiting for it: per
/// compile the driver starts itself and plans before running its jobs, and links with `ld.gold`.
/// The plan skips the driver and links with `lld` where the toolchain has it. It keeps the
/// autolink step: the libraries it names (`swiftSwiftOnoneSupport` for `-Onone` code, and those
/// of the modules a file imports) need not be loaded in the playground already. When the plan
/// can't be made (an unexpected `-###`), the loader uses the driver as before.
struct CompilePlan: Sendable, Equatable {
  /// The frontend's executable and the flags every compile shares (no inputs, module name or
  /// output).
  var frontend: [String]
  /// `swift-autolink-extract` and its arguments, with ``objectPlaceholder`` and
  /// ``autolinkPlaceholder``, when the driver plans that step.
  var autolink: [String]?
  /// The linker driver (`clang`) and its shared flags, with ``objectPlaceholder``,
  /// ``autolinkPlaceholder`` (after `@`) and ``libraryPlaceholder`` where a compile's files go.
  var linker: [String]

  static let objectPlaceholder = "\u{0}object"
  static let autolinkPlaceholder = "\u{0}autolink"
  static let libraryPlaceholder = "\u{0}library"
  /// The module name and paths the plan is asked for with, replaced by each compile's own.
  static let planModule = "TCAPlayCompilePlan"

  /// The frontend's arguments for one compile.
  func frontendArguments(inputs: [String], moduleName: String, object: String) -> [String] {
    Array(self.frontend.dropFirst()) + inputs + ["-module-name", moduleName, "-o", object]
  }

  /// The jobs of one compile, in order: each an executable's path and its arguments.
  func jobs(inputs: [String], moduleName: String, object: String, autolinkFile: String, library: String) -> [[String]] {
    let paths = [
      Self.objectPlaceholder: object, Self.libraryPlaceholder: library,
      Self.autolinkPlaceholder: autolinkFile, "@" + Self.autolinkPlaceholder: "@" + autolinkFile,
    ]
    let fill = { (arguments: [String]) in arguments.map { paths[$0] ?? $0 } }
    return [[self.frontend[0]] + self.frontendArguments(inputs: inputs, moduleName: moduleName, object: object)]
      + (self.autolink.map { [fill($0)] } ?? []) + [fill(self.linker)]
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
