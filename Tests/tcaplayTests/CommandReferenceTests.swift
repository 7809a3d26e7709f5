import Foundation
import TCAPlayREPL
import Testing

/// docs/commands.md is generated from the command table that `:help` prints from; this fails
/// when the checked-in file no longer matches the table.
@Suite struct CommandReferenceTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func theCheckedInCommandReferenceMatchesTheCommandTable() throws {
    let path = Self.packageRoot.appendingPathComponent(CommandReference.path).path
    let checkedIn = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    #expect(
      checkedIn == CommandReference.markdown(),
      "\(CommandReference.path) is out of date with MetaCommand.all: regenerate it with `\(CommandReference.regenerate)`"
    )
  }

  @Test func theHiddenSubcommandPrintsTheReference() async throws {
    let result = try await Binary.run(["help-markdown"])
    #expect(result.status == 0)
    #expect(result.output == CommandReference.markdown())
    #expect(!(try await Binary.run(["--help"]).output.contains("help-markdown")))
  }

  @Test func everyCommandHasAHeadingAndARow() {
    let markdown = CommandReference.markdown()
    for command in MetaCommand.all {
      #expect(markdown.contains("\n## `\(command.usage)`\n"), "\(command.name)")
      #expect(markdown.contains("\n```\n\(command.help)\n```\n"), "\(command.name)")
    }
  }
}
