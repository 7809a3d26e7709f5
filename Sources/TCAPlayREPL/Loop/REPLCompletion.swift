import KernelProtocol
import TCAScript

extension REPL {
  /// Completions for `line` with the cursor at `cursor` (a character offset): command names after
  /// `:`, each command's arguments, and otherwise the interpreter's completions (cases, fields,
  /// stores, types).
  public func completions(for line: String, cursor: Int) -> CompletionResult {
    let characters = Array(line)
    let cursor = min(max(cursor, 0), characters.count)
    let leading = characters.prefix { $0 == " " }.count
    guard leading < characters.count, characters[leading] == ":" else {
      let completions = self.session.completions(for: line, cursor: cursor)
      return CompletionResult(start: completions.start, candidates: completions.candidates, appendsSpace: false)
    }
    let nameStart = leading + 1
    var nameEnd = nameStart
    while nameEnd < characters.count, !characters[nameEnd].isWhitespace { nameEnd += 1 }
    if cursor <= nameEnd {
      let partial = String(characters[nameStart..<cursor])
      let names = self.commands.map(\.name).filter { $0.hasPrefix(partial) }.sorted()
      return CompletionResult(start: nameStart, candidates: names, appendsSpace: true)
    }
    let name = String(characters[nameStart..<nameEnd])
    guard let resolved = try? UniquePrefix.resolve(name, among: self.commands.map(\.name), kind: "command"),
      let command = self.commands.first(where: { $0.name == resolved })
    else {
      return CompletionResult(start: cursor, candidates: [], appendsSpace: false)
    }
    var argumentsStart = nameEnd
    while argumentsStart < cursor, characters[argumentsStart].isWhitespace { argumentsStart += 1 }
    let arguments = String(characters[argumentsStart..<cursor])
    let completion = command.complete(self, arguments)
    return CompletionResult(
      start: argumentsStart + completion.start, candidates: completion.candidates, appendsSpace: completion.appendsSpace
    )
  }
}
