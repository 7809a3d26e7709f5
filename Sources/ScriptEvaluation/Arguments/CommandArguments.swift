import Foundation
import TCAScriptSyntax

/// A key path of a store's state as typed after a command (`:why \.count`, `:why .count`,
/// `:why count`), parsed: the session resolves it against the state's type.
public struct StatePath: Equatable, Sendable {
  /// What was typed, without the spaces around it.
  public let typed: String
  /// The key path's parts, with their range in `\.` + the path without its `\.`; or the error
  /// parsing it.
  let parsed: Result<ParsedKeyPath, ScriptError>

  /// The key path typed as `text` (with or without its leading `\.`).
  public init(parsing text: String) {
    self.typed = text.trimmingCharacters(in: .whitespaces)
    let written = self.typed.hasPrefix("\\.") ? String(self.typed.dropFirst(2))
      : self.typed.hasPrefix(".") ? String(self.typed.dropFirst()) : self.typed
    self.parsed = ParsedKeyPath.parse("\\." + written, expecting: "expected a key path of the state, such as 'stackData[id: 1]?.text'")
  }
}

/// A key path's parts as the parser read them.
public struct ParsedKeyPath: Equatable, Sendable {
  package var root: String?
  package var components: [KeyPathComponent]
  package var range: SourceRange

  /// `source` parsed as a key path expression; an error saying `expectation` when it is
  /// another expression.
  static package func parse(_ source: String, expecting expectation: String) -> Result<ParsedKeyPath, ScriptError> {
    do {
      guard case let .keyPath(root, components, range) = try Parser.parseExpression(source) else {
        return .failure(ScriptError(expectation, at: nil))
      }
      return .success(ParsedKeyPath(root: root, components: components, range: range))
    } catch {
      return .failure(error)
    }
  }
}

/// What `:pin` diffs after each action: the whole state, or the part at a key path.
public enum PinTarget: Equatable, Sendable {
  /// The whole state (`:pin` alone, `:pin off`).
  case wholeState
  /// The part at a key path (`:pin \.cart`): as typed, and parsed.
  case path(typed: String, parsed: Result<ParsedKeyPath, ScriptError>)

  /// The target typed as `text` after `:pin`.
  public static func parse(_ text: String) -> PinTarget {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed != "off" else { return .wholeState }
    let source = trimmed.hasPrefix("\\") ? trimmed : "\\." + trimmed
    return .path(typed: trimmed, parsed: ParsedKeyPath.parse(source, expecting: "expected a key path such as \\.cart"))
  }
}

/// Which actions' changes print (`:filter`): every action, or rules for top-level cases.
public enum ActionFilter: Equatable, Sendable {
  /// Every action (`:filter` alone, `:filter off`).
  case everything
  /// Rules applied in order: `-\.timerTick` hides a case, `+\.load` shows only listed cases.
  case rules([Rule])

  /// One word of a filter.
  public enum Rule: Equatable, Sendable {
    case hide(String)
    case show(String)
    /// A word that is neither (`timerTick` without its sign).
    case malformed
  }

  /// The filter typed as `text` after `:filter`.
  public static func parse(_ text: String) -> ActionFilter {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed == "off" { return .everything }
    return .rules(
      trimmed.split(separator: " ").map { word in
        guard let sign = word.first, sign == "-" || sign == "+" else { return .malformed }
        var name = String(word.dropFirst())
        if name.hasPrefix("\\.") { name.removeFirst(2) } else if name.hasPrefix(".") { name.removeFirst() }
        return sign == "-" ? .hide(name) : .show(name)
      }
    )
  }
}

/// The printing controls in force after `:filter` or `:pin`.
public enum PrintingSetting: Equatable, Sendable {
  /// Which top-level action cases print: all when both are empty.
  case filter(shown: [String], hidden: [String])
  /// What is diffed: the whole state (`path` `nil`), or the part at `path` of `store`'s state.
  case pin(path: String?, store: String?)
}
