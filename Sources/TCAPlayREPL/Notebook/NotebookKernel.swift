import Foundation
import KernelClient
import KernelProtocol

/// Gives each notebook of a run (`tcaplay run x.tca.md`, `tcaplay test`) a fresh session in one
/// kernel process, so that a cell that traps ends the kernel and not the run.
///
/// The kernel starts once; each notebook after the first starts over with a `reset` (a new
/// session in the same kernel: far cheaper than starting a process, see docs/benchmarks.md).
/// After a trap the kernel is restarted and the notebook's session replayed into it by
/// ``KernelREPL``, and the notebook goes on.
@MainActor
public final class NotebookKernel {
  private let kernel: KernelREPL
  private let console = CapturingConsole()
  /// Where the kernel's set-up output goes (`--load` files that don't compile).
  private let setupOutput: any Console
  private var sessions = 0

  /// A kernel whose catalog has `catalogFiles` (`--load`) compiled into it; the kernel's own
  /// standard output (a `print` in a reducer) goes to `standardOutput` as it comes, and set-up
  /// messages too.
  public init(catalogFiles: [String], standardOutput: any Console, executable: String = KernelExecutable.path) {
    let configuration = KernelConfiguration(mode: .unattended, catalogFiles: catalogFiles, compilesFeatureFiles: false)
    self.kernel = KernelREPL(
      configuration: configuration, console: self.console, standardOutput: standardOutput, executable: executable
    )
    self.setupOutput = standardOutput
  }

  /// How the kernel's set-up went (see ``KernelProgress/setupStatus``: 2 when the `--load`
  /// files didn't compile).
  public var setupStatus: Int32 { self.kernel.setupStatus }

  /// Starts the kernel and waits for its set-up; `false` when it failed (its messages printed).
  public func start() async -> Bool {
    self.kernel.start()
    let ready = await self.kernel.waitUntilReady()
    if !ready { self.kernel.shutdown() }
    let messages = self.console.drain()
    if !messages.isEmpty { self.setupOutput.write(messages) }
    return ready
  }

  /// A fresh session for the next notebook, or `nil` when the kernel is gone for good.
  public func session() async -> NotebookSession? {
    self.sessions += 1
    if self.sessions > 1, !(await self.kernel.reset()) { return nil }
    return NotebookSession(kernel: self.kernel, console: self.console)
  }

  /// Ends the kernel.
  public func shutdown() {
    self.kernel.shutdown()
  }
}
