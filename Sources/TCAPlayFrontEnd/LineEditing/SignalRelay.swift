import KernelClient
import KernelProtocol
#if canImport(Glibc)
  import Glibc
#endif

/// Turns signals (Ctrl-C's SIGINT, SIGWINCH) into calls on an ordinary thread: the signal
/// handler only writes the signal's number to a pipe, which is all a handler may safely do.
public enum SignalRelay {
  nonisolated(unsafe) private static var writeDescriptor: Int32 = -1

  /// Calls `handler` on a dedicated thread each time one of `signals` arrives. Call once.
  static func start(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return }
    Self.writeDescriptor = descriptors[1]
    for signalNumber in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signalNumber in
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(SignalRelay.writeDescriptor, &byte, 1)
      }
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(signalNumber, &action, nil)
    }
    let readDescriptor = descriptors[0]
    BlockingThread.start(name: "tcaplay.signals") {
      var byte: UInt8 = 0
      while true {
        let count = read(readDescriptor, &byte, 1)
        if count == 1 {
          handler(Int32(byte))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}

extension SignalRelay {
  /// A terminal session's signals: SIGWINCH resizes `editor`; Ctrl-C drops the line being
  /// edited or, while a statement runs, calls `interrupt` on the main actor. Call once.
  public static func relay(to editor: ReadlineEditor, interrupt: @escaping @MainActor @Sendable () -> Void) {
    Self.start([SIGINT, SIGWINCH]) { signal in
      if signal == SIGWINCH {
        editor.terminalResized()
      } else if !editor.interrupt() {
        Task { @MainActor in interrupt() }
      }
    }
  }
}

extension ReadlineEditor: LineEditor {
  public func relaySignals(interrupt: @escaping @MainActor @Sendable () -> Void) {
    SignalRelay.relay(to: self, interrupt: interrupt)
  }
}
