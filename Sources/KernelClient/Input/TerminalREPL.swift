import KernelProtocol

/// The REPL at a terminal, wherever its session runs: the banner and the input loop.
@MainActor
public enum TerminalREPL {
  /// The first line of the REPL at a terminal.
  public static var banner: StyledText {
    var banner = StyledText("tcaplay", .title)
    banner.append(" — the TCA Playground. ")
    banner.append(":help", .command)
    banner.append(" for help, ")
    banner.append(":features", .command)
    banner.append(" lists features, Ctrl-D quits.\n")
    return banner
  }

  /// The REPL's input loop at a terminal: prompts, and effects' output looked for while the
  /// user types.
  public static func loop(_ style: TextStyle) -> InputLoop {
    var loop = InputLoop(
      primaryPrompt: style.prompt("tca> ", .prompt), continuationPrompt: style.prompt("...> ", .quietPrompt)
    )
    loop.pollInterval = .milliseconds(100)
    return loop
  }
}
