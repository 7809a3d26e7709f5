import TCAScriptSyntax

/// The statements of scripts already parsed, by their exact text: a statement typed again (the
/// same `store.send(…)`, a notebook cell run twice) skips scanning and parsing, finding the
/// text the transcript keeps for it, and, for a send, resolving the call (``CompiledSend``).
///
/// Parsing depends on the text alone, so an entry never goes stale; only scripts that parsed are
/// kept (a syntax error is rendered from the source each time), and the cache starts over when
/// it fills.
@MainActor
package struct ParsedScripts {
  /// The most scripts kept.
  static let capacity = 256
  /// Scripts longer than this are parsed each time (a whole file is rarely run twice).
  static let maximumLength = 1_000

  private var scripts: [String: Script] = [:]
  /// The script last asked for, checked before the table: the same text again (a statement
  /// repeated, a loop of sends) is then found without hashing it.
  private var last: (source: String, script: Script)?

  package init() {}

  /// A script's statements, each with the text the transcript keeps for it
  /// (``SourceText/sourceText(of:in:)``) and, when the script is kept, what it compiled to.
  // A class: a run passes one reference around instead of four arrays, each retained and
  // released (speed: docs/benchmarks-log.md, "A run's statements without suspending").
  package final class Script {
    package let statements: [Statement]
    package let texts: [String]
    /// Each statement's ``Statement/isMutating``, decided once.
    package let isMutating: [Bool]
    /// `nil` for a script parsed each time: it wouldn't run compiled.
    package let compiled: [CompiledStatement]?

    package init(_ source: String, isKept: Bool) throws(ScriptError) {
      self.statements = try Parser.parse(source)
      // One line (a statement typed at the prompt) needs no splitting by characters.
      let lines = source.utf8.contains(UInt8(ascii: "\n"))
        ? source.split(separator: "\n", omittingEmptySubsequences: false) : [source[...]]
      self.texts = self.statements.map { SourceText.sourceText(of: $0, in: lines) }
      self.isMutating = self.statements.map(\.isMutating)
      self.compiled = isKept ? self.statements.map { _ in CompiledStatement() } : nil
    }
  }

  /// `source` parsed now or before, with the transcript's texts of its statements.
  mutating package func script(_ source: String) throws(ScriptError) -> Script {
    guard source.utf8.count <= Self.maximumLength else { return try Script(source, isKept: false) }
    if let last = self.last, last.source == source { return last.script }
    if let cached = self.scripts[source] {
      self.last = (source, cached)
      return cached
    }
    let script = try Script(source, isKept: true)
    self.last = (source, script)
    if self.scripts.count >= Self.capacity { self.scripts.removeAll() }
    self.scripts[source] = script
    return script
  }
}

extension Statement {
  private static let storeVerbsThatChange: Set<String> = [
    "send", "receive", "finish", "skipReceivedActions", "skipInFlightEffects", "advance", "subscribe", "unsubscribe",
  ]

  /// Whether the statement changes the session (and so belongs in a journal or an export).
  package var isMutating: Bool {
    switch self {
    case .binding, .assignment: return true
    case let .expression(.call(.member(_, method, _), _, _, _)):
      return Self.storeVerbsThatChange.contains(method) || Mutator.mutatingMethods.contains(method)
    // `withKnownIssue { … }` may drive stores.
    case .expression(.call(.identifier("withKnownIssue", _), _, _, _)): return true
    case .expression: return false
    default: return true
    }
  }
}
