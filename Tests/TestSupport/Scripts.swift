import FeatureCatalog
import TCAScript

extension Catalog {
  /// Runs script lines in a session (by default a fresh one over this catalog) and returns the
  /// transcript: each line after "> ", followed by what it printed (failures marked "✘ ", as the
  /// REPL shows them without colours), with CustomDump's figure spaces written as plain spaces.
  @MainActor
  public func scriptTranscript(_ lines: [String], session: Session? = nil) async -> String {
    let session = session ?? Session.forTests(catalog: self)
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
    _ lines: [String], kinds: Set<Session.Output.Kind> = [.failure, .error],
    receiveTimeout: Duration = .seconds(5)
  ) async -> [String] {
    let session = Session.forTests(catalog: self, receiveTimeout: receiveTimeout)
    var outputs: [String] = []
    for line in lines {
      for output in await session.run(line) where kinds.contains(output.kind) {
        outputs.append("\(line)\n\(output.rendered)")
      }
    }
    return outputs
  }
}

extension Session {
  /// A session whose stores wait up to 5 seconds in `receive` and `finish` (not the REPL's
  /// 200 ms), and give effects up to 5 seconds to start before `advance(by:)` (not 100 ms):
  /// hundreds of tests share the main actor and two cores in `swift test`, and an effect may
  /// take that long to start or to deliver there. Tests of the timeout's own text make a
  /// `Session` of their own, or pass `receiveTimeout`.
  @MainActor
  public static func forTests(catalog: Catalog, receiveTimeout: Duration = .seconds(5)) -> Session {
    let session = Session(catalog: catalog)
    session.receiveTimeout = receiveTimeout
    session.effectStartGrace = .seconds(5)
    return session
  }
}
