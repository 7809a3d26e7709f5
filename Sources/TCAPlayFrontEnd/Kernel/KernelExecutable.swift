#if canImport(Glibc)
  import Glibc
#endif

/// Where the kernel's executable is: `tcaplay-kernel`, the playground with everything in it (the
/// interpreter, the runtime, the lessons), beside the slim front end `tcaplay`.
public enum KernelExecutable {
  /// The kernel executable's file name.
  public static let name = "tcaplay-kernel"

  /// `tcaplay-kernel` beside the running executable, or the running executable itself when it
  /// is `tcaplay-kernel` (whose own REPL, scripts and notebooks start kernels of it).
  public static var path: String {
    let running = Self.running
    return Path.lastComponent(running) == Self.name ? running : Path.directory(running) + "/" + Self.name
  }

  /// The error to print when `tcaplay-kernel` isn't beside the front end (`swift run tcaplay` on
  /// a fresh checkout: SwiftPM builds the front end alone, as it can't depend on the kernel
  /// without linking all of it), else `nil`.
  public static var missingError: String? {
    let path = Self.path
    guard access(path, X_OK) != 0 else { return nil }
    return "error: \(path) isn't there: tcaplay runs its sessions and commands in it. "
      + "Build both with `swift build` (or `swift build --product tcaplay-kernel`).\n"
  }

  /// The running executable's path, symbolic links resolved.
  public static var running: String {
    guard let resolved = realpath("/proc/self/exe", nil) else { return CommandLine.arguments[0] }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
