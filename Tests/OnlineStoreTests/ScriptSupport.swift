import OnlineStore
import TCAScript
import Testing

/// Runs script lines in a fresh session over ``onlineStoreCatalog`` and returns the transcript:
/// each line after "> ", followed by what it printed (failures marked "✘ ", as the REPL shows
/// them without colours), with CustomDump's figure spaces written as plain spaces.
@MainActor
func storeTranscript(_ lines: [String], session: Session? = nil) async -> String {
  let session = session ?? Session(catalog: onlineStoreCatalog)
  var text: [String] = []
  for line in lines {
    text.append("> " + line)
    for output in await session.run(line) {
      text.append(output.rendered)
    }
  }
  return text.joined(separator: "\n").replacingOccurrences(of: "\u{2007}", with: " ")
}

/// Runs script lines in a fresh session over ``onlineStoreCatalog`` and returns every output of
/// the given kinds, each with the line that printed it.
@MainActor
func storeOutputs(
  _ lines: [String], kinds: Set<Session.Output.Kind> = [.failure, .error]
) async -> [String] {
  let session = Session(catalog: onlineStoreCatalog)
  var outputs: [String] = []
  for line in lines {
    for output in await session.run(line) where kinds.contains(output.kind) {
      outputs.append("\(line)\n\(output.rendered)")
    }
  }
  return outputs
}
