import Testing
import TestSupport
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// Expects the transcript of `lines` to be `expected` (figure spaces in TestStore diffs
/// written as plain spaces, like the runtime tests).
@MainActor
func expectTranscript(
  _ lines: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let actual = await testCatalog.scriptTranscript(lines)
  #expect(actual == expected, sourceLocation: sourceLocation)
}
