import Foundation
import PlaygroundHost
import KernelClient
import KernelProtocol

/// The kernel's last words: on a trap, before the Swift runtime's own handler writes its crash
/// report, one line on standard error saying what was running (the action a reducer was
/// reducing). The front end reads it into its report.
///
/// Installed after the runtime's handlers, chaining to them; best effort: formatting the action
/// isn't async-signal-safe, so an alarm ends the process should it hang.
enum CrashHandler {
  static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]
  nonisolated(unsafe) fileprivate static var previous: [sigaction] = (0..<65).map { _ in
    let action = sigaction()
    return action
  }
  nonisolated(unsafe) fileprivate static var isHandling = false

  static func install() {
    for signal in Self.signals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = handleCrash
      action.sa_flags = SA_SIGINFO | SA_ONSTACK
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, &Self.previous[Int(signal)])
    }
  }
}

private func handleCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
  if !CrashHandler.isHandling {
    CrashHandler.isHandling = true
    alarm(3)
    // The answers held back for inputs that finished go out before the front end sees the end.
    HeldFrames.sendAfterCrash()
    let line = CrashReport.activityPrefix + (ReducerActivity.describe() ?? "") + "\n"
    line.withCString { pointer in _ = write(STDERR_FILENO, pointer, strlen(pointer)) }
  }
  // Hand over to the runtime's handler (it writes the crash report); with none, returning runs
  // the trapping instruction again under the default action.
  var previous = CrashHandler.previous[Int(signal)]
  sigaction(signal, &previous, nil)
  if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
    handler(signal, info, context)
  } else if let handler = previous.__sigaction_handler.sa_handler,
    unsafeBitCast(handler, to: Int.self) > 1
  {
    handler(signal)
  }
}
