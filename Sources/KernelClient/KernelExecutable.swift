import KernelProtocol
#if canImport(Glibc)
  import Glibc
#endif

/// Where the kernel's executable is: `tcaplay-kernel`, the playground with everything in it (the
/// interpreter, the runtime, the lessons), beside the slim front end `tcaplay` — or the one
/// SwiftPM builds for `tcaplay` as KernelLocationPlugin's tool, `tcaplay-kernel-tool`.
public enum KernelExecutable {
  /// The kernel executable's file name.
  public static let name = "tcaplay-kernel"

  /// The file name SwiftPM gives the kernel it builds as a plugin's tool.
  public static let toolName = "tcaplay-kernel-tool"

  /// The running executable itself when it is the kernel (whose own REPL, scripts and notebooks
  /// start kernels of it), else `tcaplay-kernel` beside it.
  public static var path: String { path(built: nil) }

  /// The kernel for the running front end, given `built`, the kernel SwiftPM built with it
  /// (written into `tcaplay` by KernelLocationPlugin): the running executable itself when it is
  /// the kernel; else, of `built` and `tcaplay-kernel` beside the front end, the newer one when
  /// both are in the front end's directory (a `.build` folder, where `swift run tcaplay` has
  /// just rebuilt `built` and `tcaplay-kernel` is as old as the last `swift build`), the one
  /// beside it when `built` is elsewhere (an installed front end), whichever exists otherwise.
  public static func path(built: String?) -> String { path(built: built, running: Self.running) }

  /// `path(built:)` for the executable at `running` (symbolic links resolved).
  static func path(built: String?, running: String) -> String {
    if [Self.name, Self.toolName].contains(Path.lastComponent(running)) { return running }
    let beside = Path.directory(running) + "/" + Self.name
    guard let built, let builtTime = modificationTime(built) else { return beside }
    guard let besideTime = modificationTime(beside) else { return built }
    let isBesideTheFrontEnd = resolved(Path.directory(built)) == Path.directory(running)
    return isBesideTheFrontEnd && builtTime >= besideTime ? built : beside
  }

  /// The error to print when there's no kernel at `path` (a front end copied without
  /// `tcaplay-kernel`), else `nil`.
  public static func missingError(at path: String) -> String? {
    guard access(path, X_OK) != 0 else { return nil }
    return "error: \(path) isn't there: tcaplay runs its sessions and commands in it. "
      + "Build it with `swift build --product tcaplay-kernel` (`swift run tcaplay` builds it too).\n"
  }

  /// The running executable's path, symbolic links resolved.
  public static var running: String { resolved("/proc/self/exe", else: CommandLine.arguments[0]) }

  /// `path` with symbolic links resolved, or `fallback` (by default `path`) if it can't be.
  static func resolved(_ path: String, else fallback: String? = nil) -> String {
    guard let resolved = realpath(path, nil) else { return fallback ?? path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// When the file at `path` was last modified (seconds, nanoseconds), or `nil` if there's
  /// no executable there.
  static func modificationTime(_ path: String) -> (seconds: Int, nanoseconds: Int)? {
    var information = stat()
    guard access(path, X_OK) == 0, stat(path, &information) == 0 else { return nil }
    return (Int(information.st_mtim.tv_sec), Int(information.st_mtim.tv_nsec))
  }
}
