import Day2
import TCAScript
import Testing

/// Runs script lines in a fresh session over ``day2Catalog`` and returns the transcript: each
/// line after "> ", followed by what it printed (failures marked "✘ ", as the REPL shows them
/// without colours), with CustomDump's figure spaces written as plain spaces.
@MainActor
func day2Transcript(_ lines: [String], session: Session? = nil) async -> String {
  let session = session ?? Session(catalog: day2Catalog)
  var text: [String] = []
  for line in lines {
    text.append("> " + line)
    for output in await session.run(line) {
      text.append(output.rendered)
    }
  }
  return text.joined(separator: "\n").replacingOccurrences(of: "\u{2007}", with: " ")
}

/// Runs script lines in a fresh session over ``day2Catalog`` and returns every output of the
/// given kinds, each with the line that printed it.
@MainActor
func day2Outputs(
  _ lines: [String], kinds: Set<Session.Output.Kind> = [.failure, .error]
) async -> [String] {
  let session = Session(catalog: day2Catalog)
  var outputs: [String] = []
  for line in lines {
    for output in await session.run(line) where kinds.contains(output.kind) {
      outputs.append("\(line)\n\(output.rendered)")
    }
  }
  return outputs
}
