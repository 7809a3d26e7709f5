import ConcurrencyExtras
import Testing

/// Runs `body`, expecting exactly the given issue messages to be reported, in order.
@MainActor
public func expectIssues(
  _ expected: [String],
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async {
  let expected = expected.map(figureSpaced)
  let recorded = LockIsolated<[String]>([])
  await withKnownIssue(isIntermittent: expected.isEmpty, sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    recorded.withValue { $0.append(message) }
    return expected.contains(message)
  }
  #expect(recorded.value == expected, sourceLocation: sourceLocation)
}

/// Runs `body`, expecting one issue with the given message.
@MainActor
public func expectIssue(
  _ expected: String,
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async {
  await expectIssues([expected], sourceLocation: sourceLocation, body)
}

/// CustomDump's proportional diffs mark unchanged lines with a figure space (U+2007) where
/// changed lines have "−" or "+". Test expectations write a plain space there, for legibility;
/// this puts the figure space back in diff blocks (messages with an "(Expected: −" legend).
public func figureSpaced(_ message: String) -> String {
  guard message.contains("(Expected: −") else { return message }
  return message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    guard line.hasPrefix("      "), line.count > 5 else { return String(line) }
    var characters = Array(line)
    characters[4] = "\u{2007}"
    return String(characters)
  }
  .joined(separator: "\n")
}
