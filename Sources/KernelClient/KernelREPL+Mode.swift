import FoundationEssentials

extension KernelREPL {
  /// Whether user code runs in a kernel process (the default) rather than in one process with
  /// everything (`TCAPLAY_KERNEL=inprocess`, where a trap ends the session).
  public static var usesKernel: Bool {
    ProcessInfo.processInfo.environment["TCAPLAY_KERNEL"] != "inprocess"
  }
}
