import KernelProtocol
import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// The report of a kernel that died: the trap's message (from its standard error), what it was
/// doing (the crash handler's activity line), and the user's frame (from the Swift runtime's
/// JSON crash report).
public enum CrashReport {
  /// The line the kernel's crash handler writes on standard error before the runtime's report:
  /// this prefix, then what was running.
  public static let activityPrefix = "\u{1}tcaplay-activity: "

  /// Whether a line of a kernel's standard error starts a crash: a trap's message
  /// (`File.swift:14: Fatal error: …`), the crash handler's line, or the backtracer's.
  static func startsCrash(_ line: String) -> Bool {
    line.hasPrefix(Self.activityPrefix) || Self.trapMessage(in: line) != nil || line.hasPrefix("*** Signal ")
      || line.hasPrefix("💣")
  }

  private static let trapKinds = ["Fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil"]

  /// `(file:line, message)` when `line` is a trap's message.
  static func trapMessage(in line: String) -> (location: String?, message: String)? {
    for kind in Self.trapKinds {
      guard let range = line.firstRange(of: kind) else { continue }
      let location = line[..<range.lowerBound].trimming { $0 == ":" || $0 == " " }
      return (location.isEmpty ? nil : location, String(line[range.lowerBound...]))
    }
    return nil
  }

  /// The crashed thread's frames in the runtime's JSON report.
  struct Frames: Sendable, Equatable {
    struct Frame: Sendable, Equatable {
      var description: String
      var image: String?
      var file: String?
      var line: Int?
      var column: Int?
    }

    var frames: [Frame]

    /// The first frame in the user's code: with a source location outside the Swift runtime
    /// and the playground's own sources.
    func userFrame(playgroundSources: String?) -> Frame? {
      self.frames.first { frame in
        guard let file = frame.file, !file.isEmpty, !file.contains("<compiler-generated>") else { return false }
        if file.hasPrefix("Swift/") || file.contains("/swift/stdlib/") || file.contains("/.build/checkouts/") { return false }
        if let playgroundSources, file.hasPrefix(playgroundSources) { return false }
        return true
      }
    }
  }

  /// Reads the report the runtime wrote at `path`, if any.
  static func read(reportAt path: String) -> Frames? {
    guard let data = FileManager.default.contents(atPath: path),
      let report = try? JSONDecoder().decode(RuntimeReport.self, from: data),
      let crashed = report.threads?.first(where: { $0.crashed == true }), let frames = crashed.frames
    else { return nil }
    return Frames(
      frames: frames.compactMap { frame in
        guard let description = frame.description else { return nil }
        let location = frame.sourceLocation
        return Frames.Frame(
          description: description, image: frame.image, file: location?.file, line: location?.line, column: location?.column
        )
      }
    )
  }

  /// The parts of the runtime's JSON crash report read here (`SWIFT_BACKTRACE=format=json`).
  private struct RuntimeReport: Decodable {
    struct Thread: Decodable {
      var crashed: Bool?
      var frames: [Frame]?
    }

    struct Frame: Decodable {
      var description: String?
      var image: String?
      var sourceLocation: Location?
    }

    struct Location: Decodable {
      var file: String?
      var line: Int?
      var column: Int?
    }

    var threads: [Thread]?
  }

  /// The report's lines (without the replay's line): what trapped, where, and what was running.
  static func lines(for exit: KernelExit, input: String?) -> [String] {
    let message = exit.crashLines.lazy.compactMap(Self.trapMessage(in:)).first
    let activity = exit.crashLines.first { $0.hasPrefix(Self.activityPrefix) }
      .map { String($0.dropFirst(Self.activityPrefix.count)) }.flatMap { $0.isEmpty ? nil : $0 }
    let frame = exit.report?.userFrame(playgroundSources: Self.playgroundSources)
    let frameLocation = frame.flatMap { frame in
      frame.file.map { Self.shortPath($0) + (frame.line.map { ":\($0)" } ?? "") + (frame.column.map { ":\($0)" } ?? "") }
    }
    let location = frame.flatMap { frame in frame.file.map { Self.shortPath($0) + (frame.line.map { ":\($0)" } ?? "") } }
      ?? message?.location.flatMap { $0.hasPrefix("Swift/") ? nil : Self.userFileID($0) }
    let what = activity != nil ? "the reducer trapped"
      : frame?.description.hasPrefix("closure") == true ? "an effect trapped" : "the session's code trapped"
    let cause = message?.message ?? exit.signal.map { "signal \($0) (\(Self.signalName($0)))" } ?? "exit status \(exit.status)"
    var lines = ["error: " + (location.map { "\($0): " } ?? "") + "\(what): \(cause)"]
    var context: [String] = []
    if let activity { context.append("while " + activity) }
    if let input {
      let shown = input.split(separator: "\n").first.map(String.init) ?? input
      context.append("running `\(shown.trimmingBlanks())`")
    }
    if let frame, let frameLocation {
      context.append("at \(Self.functionName(frame.description)) (\(frameLocation))")
    }
    if !context.isEmpty { lines.append("  " + context.joined(separator: "; ")) }
    return lines
  }

  /// Where the playground's own sources were compiled from (its frames aren't the user's).
  static let playgroundSources: String? = {
    let file = #filePath
    guard let range = file.firstRange(of: "/Sources/KernelClient/") else { return nil }
    return String(file[..<range.lowerBound]) + "/Sources/"
  }()

  /// A path relative to the current directory when it is under it, else its file name.
  static func shortPath(_ path: String) -> String {
    let directory = FileManager.default.currentDirectoryPath + "/"
    if path.hasPrefix(directory) { return String(path.dropFirst(directory.count)) }
    return path.hasPrefix("/") ? Path.lastComponent(path) : path
  }

  /// `UserFeature_3/Crashy.swift:29` (a loaded file's `#fileID`) → `Crashy.swift:29`.
  static func userFileID(_ location: String) -> String {
    guard location.hasPrefix("UserFeature_"), let slash = location.firstIndex(of: "/") else { return location }
    return String(location[location.index(after: slash)...])
  }

  /// `Crashy.reduce(into:action:) + 47` → `Crashy.reduce(into:action:)`.
  static func functionName(_ description: String) -> String {
    guard let range = description.ranges(of: " + ").last else { return description }
    return String(description[..<range.lowerBound])
  }

  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGSEGV: return "SIGSEGV"
    case SIGBUS: return "SIGBUS"
    case SIGABRT: return "SIGABRT"
    case SIGFPE: return "SIGFPE"
    case SIGKILL: return "SIGKILL"
    default: return "an unexpected signal"
    }
  }
}
