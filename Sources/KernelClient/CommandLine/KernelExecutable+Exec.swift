import KernelProtocol
#if canImport(Glibc)
  import Glibc
#endif

extension KernelExecutable {
  /// Replaces this process with the kernel at `path` and the same `arguments`: what the front end
  /// does for everything but the REPL (`run`, `test`, `features`, `--help`, a mistake on the
  /// command line, `TCAPLAY_KERNEL=inprocess`), which the full command line answers. Exits with
  /// status 1 and a one-line error if it can't.
  public static func exec(_ arguments: [String], path: String = Self.path) -> Never {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    StandardStreams.writeError("error: can't run \(path): \(reason)\n")
    exit(1)
  }
}
