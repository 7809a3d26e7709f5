/// Renders errors the way the playground shows them: a one-line message with the position,
/// then the source line with a caret under the offending token.
///
/// ```
/// 1:13: error: 'didTapUsePromoo' is not a case of PromoListAction; did you mean 'didTapUsePromo'?
///   store.send(.didTapUsePromoo)
///               ^~~~~~~~~~~~~~~
/// ```
public enum Diagnostics {
  /// - Parameters:
  ///   - origin: A file name to prefix the position with (`lesson.tca:3:5: error: …`).
  ///   - firstLine: The line number of the source's first line in that file.
  ///   - showsPosition: Whether to print the line and column (not for a command's argument,
  ///     where `origin` names the command: `:state: error: …`).
  public static func render(
    _ error: ScriptError, source: String, origin: String? = nil, firstLine: Int = 1, showsPosition: Bool = true
  ) -> String {
    var error = error
    if error.message.count > 300 {
      error.message = String(error.message.prefix(300)) + "…"
    }
    guard let range = error.range else {
      return "\(origin.map { "\($0): " } ?? "")error: \(error.message)"
    }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let position = showsPosition ? "\(range.line + firstLine - 1):\(range.column):" : ""
    let prefix = (origin.map { "\($0):" } ?? "") + position
    var text = "\(prefix)\(prefix.isEmpty ? "" : " ")error: \(error.message)"
    if range.line >= 1, range.line <= lines.count {
      let line = String(lines[range.line - 1])
      let shownLine = line.count > 200 ? String(line.prefix(200)) + "…" : line
      let column = min(max(range.column, 1), shownLine.count + 1)
      let length = max(1, min(range.length, shownLine.count - column + 1))
      text += "\n  \(shownLine)\n  \(String(repeating: " ", count: column - 1))^\(String(repeating: "~", count: max(0, length - 1)))"
    }
    return text
  }

  /// The candidate nearest to `name` by edit distance, if it is close enough to be a likely typo.
  public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    guard name.count <= 64 else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(name.lowercased(), candidate.lowercased())
      if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    guard let (candidate, distance) = best else { return nil }
    let limit = max(2, min(name.count, candidate.count) / 3)
    if distance <= limit || candidate.lowercased().hasPrefix(name.lowercased()) { return candidate }
    return nil
  }

  /// "; did you mean 'x'?" or "".
  package static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
    suggestion(for: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
