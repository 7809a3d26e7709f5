import Foundation
import TCAScriptSyntax

/// The text the transcript keeps for a statement.
package enum SourceText {
  /// The statement as the user wrote it (its source lines), or its normalized form when it
  /// shares a line with others.
  static func sourceText(of statement: Statement, in lines: [Substring]) -> String {
    let range = statement.range
    guard range.line >= 1, range.line <= lines.count else { return statement.description }
    let line = lines[range.line - 1]
    let start = line.index(line.startIndex, offsetBy: min(range.column - 1, line.count), limitedBy: line.endIndex) ?? line.endIndex
    let text = Self.trimmingWhitespace(line[start...])
    return text.count == range.length || text.count < range.length ? String(text) : statement.description
  }

  /// `text` without the spaces and tabs around it (as `trimmingCharacters(in: .whitespaces)`
  /// trims), without a trip through Foundation when there are none.
  static func trimmingWhitespace(_ text: Substring) -> String {
    let isTrimmed = { (character: Character?) in
      character.map { $0.isASCII && $0 != " " && $0 != "\t" } ?? true
    }
    return isTrimmed(text.first) && isTrimmed(text.last) ? String(text) : text.trimmingCharacters(in: .whitespaces)
  }
}
