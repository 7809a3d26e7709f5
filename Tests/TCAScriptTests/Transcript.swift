import Testing
@testable import TCAScript

/// Runs script lines in a fresh session and returns the transcript: each line after "> ",
/// followed by what it printed, as the REPL shows it without colours.
@MainActor
func transcript(_ lines: [String], session: Session? = nil) async -> String {
  let session = session ?? Session(catalog: testCatalog)
  var text: [String] = []
  for line in lines {
    text.append("> " + line)
    for output in await session.run(line) {
      text.append(output.rendered)
    }
  }
  return text.joined(separator: "\n")
}

/// Expects the transcript of `lines` to be `expected` (figure spaces in TestStore diffs
/// written as plain spaces, like the runtime tests).
@MainActor
func expectTranscript(
  _ lines: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let actual = await transcript(lines).replacingOccurrences(of: "\u{2007}", with: " ")
  #expect(actual == expected, sourceLocation: sourceLocation)
}
