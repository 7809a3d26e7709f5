import KernelClient
import KernelProtocol
import TCAPlayFrontEnd
#if canImport(Glibc)
  import Glibc
#endif

/// `tcaplay`: the front end. It runs the REPL itself — readline, history, prompts, TAB through
/// the kernel — with the session in a `tcaplay-kernel` process (`KernelExecutable.path(built:)`
/// says which), and hands everything else (`run`, `test`, `features`, `--help`, a mistake on the command line,
/// `TCAPLAY_KERNEL=inprocess`) to `tcaplay-kernel` with the same arguments, lending it the
/// terminal's line editor when that session reads lines at the terminal (`TerminalLending`). It
/// links neither the interpreter nor the runtime nor Foundation, so that it starts in a few
/// milliseconds, and it alone links readline.
@main
enum FrontEndMain {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // `builtKernelPath`: the kernel SwiftPM built with this front end (KernelLocation.swift,
    // which KernelLocationPlugin generates).
    let kernel = KernelExecutable.path(built: builtKernelPath)
    if let error = KernelExecutable.missingError(at: kernel) {
      StandardStreams.writeError(error)
      exit(1)
    }
    guard KernelREPL.usesKernel, let options = REPLOptions.parseREPL(arguments) else {
      // A session `tcaplay-kernel` runs at the terminal itself reads its lines with this
      // process's readline.
      if TerminalLending.isWanted(for: arguments) {
        exit(await TerminalLending.run(arguments, executable: kernel))
      }
      KernelExecutable.exec(arguments, path: kernel)
    }
    let status = await FrontEnd.repl(
      initialStore: options.store.initialStore, resume: options.resume, loadFiles: options.load, executable: kernel
    )
    exit(status)
  }
}
