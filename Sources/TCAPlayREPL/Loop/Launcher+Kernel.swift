import Foundation
import TextFiles
import KernelClient
import KernelProtocol
#if canImport(Glibc)
  import Glibc
#endif

extension Launcher {
  /// Script files, in one session in a kernel: a statement that traps is that statement's
  /// failure, and the script goes on in a restarted kernel.
  static func runThroughKernel(files: [String], catalogFiles: [String], initialStore: InitialStore?, echo: Bool) async -> Int32 {
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    let configuration = KernelConfiguration(
      mode: .unattended, catalogFiles: catalogFiles, initialStore: initialStore
    )
    let kernel = KernelREPL(configuration: configuration, console: StandardOutputConsole(style: style))
    kernel.start()
    defer { kernel.shutdown() }
    guard await kernel.waitUntilReady() else { return max(kernel.setupStatus, 1) }
    return await self.runScripts(files, echo: echo, in: kernel)
  }
}
