import FeatureCatalog
import TCAScript

extension Catalog {
  /// Runs script lines in a session (by default a fresh one over this catalog) and returns the
  /// transcript: each line after "> ", followed by what it printed (failures marked "✘ ", as the
  /// REPL shows them without colours), with CustomDump's figure spaces written as plain spaces.
  @MainActor
  public func scriptTranscript(_ lines: [String], session: Session? = nil) async -> String {
    let session = session ?? Session(catalog: self)
    var text: [String] = []
    for line in lines {
      text.append("> " + line)
      for output in await session.run(line) {
        text.append(output.rendered)
      }
    }
    return text.joined(separator: "\n").replacingOccurrences(of: "\u{2007}", with: " ")
  }

  /// Runs script lines in a fresh session over this catalog and returns every output of the
  /// given kinds, each with the line that printed it.
  @MainActor
  public func scriptOutputs(
    _ lines: [String], kinds: Set<Session.Output.Kind> = [.failure, .error]
  ) async -> [String] {
    let session = Session(catalog: self)
    var outputs: [String] = []
    for line in lines {
      for output in await session.run(line) where kinds.contains(output.kind) {
        outputs.append("\(line)\n\(output.rendered)")
      }
    }
    return outputs
  }
}
