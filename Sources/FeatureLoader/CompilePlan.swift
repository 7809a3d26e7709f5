import Foundation

/// How the loader compiles a feature module without going through the `swiftc` driver each
/// time: the driver's own plan for the loader's arguments (`swiftc -###`), asked for once, then
/// run directly — the frontend, then the linker.
///
/// Written by hand rather than left to the driver because a load is mostly waiting for it: per
/// compile the driver starts itself, plans, runs `swift-autolink-extract` and links with
/// `ld.gold` through `clang`. The plan skips the driver and the autolink step (the library's
/// undefined symbols resolve, when it is opened, against the playground's process, which has
/// loaded every library a feature file can import) and links with `lld` where the toolchain has
/// it. When the plan can't be made (an unexpected `-###`), the loader uses the driver as before.
struct CompilePlan: Sendable, Equatable {
  /// The frontend's executable and the flags every compile shares (no inputs, module name or
  /// output).
  var frontend: [String]
  /// The linker driver (`clang`) and its shared flags, with ``objectPlaceholder`` and
  /// ``libraryPlaceholder`` where a compile's object and library go.
  var linker: [String]

  static let objectPlaceholder = "\u{0}object"
  static let libraryPlaceholder = "\u{0}library"
  /// The module name and paths the plan is asked for with, replaced by each compile's own.
  static let planModule = "TCAPlayCompilePlan"

  /// The frontend's arguments for one compile.
  func frontendArguments(inputs: [String], moduleName: String, object: String) -> [String] {
    Array(self.frontend.dropFirst()) + inputs + ["-module-name", moduleName, "-o", object]
  }

  /// The linker's arguments for one compile.
  func linkerArguments(object: String, library: String) -> [String] {
    self.linker.dropFirst().map { argument in
      argument == Self.objectPlaceholder ? object : argument == Self.libraryPlaceholder ? library : argument
    }
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
    var linker = linkJob.filter { !($0.hasPrefix("@") && $0.hasSuffix(".autolink")) }.map { argument in
      argument == object ? Self.objectPlaceholder : argument == library ? Self.libraryPlaceholder : argument
    }
    // Anything else naming the plan's module (a path made from it) would be stale in a compile.
    guard !(frontend + linker).contains(where: { $0.contains(Self.planModule) }) else { return nil }
    if linkWithLLD { linker.append("-fuse-ld=lld") }
    return CompilePlan(frontend: frontend, linker: linker)
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
