/// The statements of scripts already parsed, by their exact text: a statement typed again (the
/// same `store.send(…)`, a notebook cell run twice) skips scanning and parsing.
///
/// Parsing depends on the text alone, so an entry never goes stale; only scripts that parsed are
/// kept (a syntax error is rendered from the source each time), and the cache starts over when
/// it fills.
struct ParsedScripts {
  /// The most scripts kept.
  static let capacity = 256
  /// Scripts longer than this are parsed each time (a whole file is rarely run twice).
  static let maximumLength = 1_000

  private var statements: [String: [Statement]] = [:]

  /// The statements of `source`, parsed now or before.
  mutating func parse(_ source: String) throws(ScriptError) -> [Statement] {
    guard source.utf8.count <= Self.maximumLength else { return try Parser.parse(source) }
    if let cached = self.statements[source] { return cached }
    let parsed = try Parser.parse(source)
    if self.statements.count >= Self.capacity { self.statements.removeAll() }
    self.statements[source] = parsed
    return parsed
  }
}
