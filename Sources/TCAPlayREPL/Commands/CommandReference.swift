/// `docs/commands.md`, generated from the command table (``MetaCommand/all``) and the help
/// topics (``HelpTopic/all``): the same source `:help` prints from. A test checks that the
/// checked-in file matches; `tcaplay help-markdown` regenerates it.
public enum CommandReference {
  /// Where the generated file lives, relative to the package root.
  public static let path = "docs/commands.md"
  /// The command that regenerates the file, run from the package root.
  public static let regenerate = "swift run tcaplay help-markdown > docs/commands.md"

  public static func markdown(
    commands: [MetaCommand] = MetaCommand.all, topics: [HelpTopic] = HelpTopic.all
  ) -> String {
    var lines = [
      "# tcaplay commands",
      "",
      "<!-- Generated from the REPL's command table (MetaCommand.all in Sources/TCAPlayREPL/Commands)",
      "     by `\(Self.regenerate)`. Edit the table, then regenerate; don't edit this file. -->",
      "",
      "Commands start with a colon; any unique prefix works (`:h`, `:sta`). Type them in the REPL,",
      "in script files and in notebooks. In the REPL, `:help NAME` prints a command's help and",
      "`:help TOPIC` a topic's.",
      "",
      "| Command | What it does |",
      "| --- | --- |",
    ]
    for command in commands {
      lines.append("| `\(Self.cell(command.usage))` | \(Self.cell(command.summary)) |")
    }
    for command in commands {
      lines += ["", "## `\(command.usage)`", "", command.summary, "", "```", command.help, "```"]
    }
    lines += ["", "## Help topics", "", "| Topic | What it covers |", "| --- | --- |"]
    for topic in topics {
      lines.append("| `:help \(topic.name)` | \(Self.cell(topic.summary)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text for a table cell: a `|` would end the cell.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
