import Foundation
import TCAScript
import TCAScriptSyntax

/// A REPL command written with a leading colon (`:state`, `:load DemoForEach`), as in GHCi.
///
/// Commands may be abbreviated to any unique prefix (`:st` is ambiguous between `:state` and
/// `:stores`; `:sta` is `:state`). The table of commands is ``MetaCommand/all``; a tool adds a
/// command by adding an entry there.
public struct MetaCommand: Sendable {
  /// The name without the colon.
  public var name: String
  /// The arguments, as shown in help: `FEATURE [PRESET]`.
  public var synopsis: String
  /// One line for the command list.
  public var summary: String
  /// The full help text for `:help NAME`.
  public var help: String
  /// Completions for the arguments typed so far (the text after the command name, up to the
  /// cursor).
  public var complete: @MainActor @Sendable (_ repl: REPL, _ arguments: String) -> ArgumentCompletion
  /// Runs the command with everything after its name.
  public var run: @MainActor @Sendable (_ repl: REPL, _ arguments: String) async -> REPL.Control

  public init(
    name: String,
    synopsis: String = "",
    summary: String,
    help: String,
    complete: @escaping @MainActor @Sendable (_ repl: REPL, _ arguments: String) -> ArgumentCompletion = { _, _ in .none },
    run: @escaping @MainActor @Sendable (_ repl: REPL, _ arguments: String) async -> REPL.Control
  ) {
    self.name = name
    self.synopsis = synopsis
    self.summary = summary
    self.help = help
    self.complete = complete
    self.run = run
  }

  /// `:load FEATURE [PRESET]`.
  public var usage: String {
    ":" + self.name + (self.synopsis.isEmpty ? "" : " " + self.synopsis)
  }
}

/// Completions of a command's arguments.
public struct ArgumentCompletion: Equatable, Sendable {
  /// Where the replaced text starts, as a character offset into the arguments.
  public var start: Int
  public var candidates: [String]
  /// Whether readline appends a space after a unique completion.
  public var appendsSpace: Bool

  public init(start: Int, candidates: [String], appendsSpace: Bool) {
    self.start = start
    self.candidates = candidates
    self.appendsSpace = appendsSpace
  }

  public static let none = ArgumentCompletion(start: 0, candidates: [], appendsSpace: false)

  /// Whole-word completion: `words` gets the words before the one being typed and returns the
  /// candidates for it.
  public static func words(
    _ arguments: String, _ words: ([String]) -> [String]
  ) -> ArgumentCompletion {
    let characters = Array(arguments)
    var start = characters.count
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    let partial = String(characters[start...])
    let previous = String(characters[..<start]).split(whereSeparator: \.isWhitespace).map(String.init)
    let candidates = Set(words(previous).filter { $0.hasPrefix(partial) })
    return ArgumentCompletion(start: start, candidates: candidates.sorted(), appendsSpace: true)
  }
}

/// A name typed where a command or help topic is expected did not name exactly one.
public enum NameResolutionError: Error, Equatable, CustomStringConvertible {
  case unknown(String, suggestion: String?, kind: String)
  case ambiguous(String, matches: [String], kind: String)

  public var description: String {
    switch self {
    case let .unknown(name, suggestion, kind):
      return "unknown \(kind) '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case let .ambiguous(name, matches, kind):
      return "ambiguous \(kind) '\(name)': it could be " + Self.list(matches)
    }
  }

  private static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}

public enum UniquePrefix {
  /// The one name equal to `typed`, or else the one name `typed` is a prefix of.
  ///
  /// `display` renders names in messages (`":" + name` for commands).
  public static func resolve(
    _ typed: String, among names: [String], kind: String, display: (String) -> String = { $0 }
  ) throws(NameResolutionError) -> String {
    if names.contains(typed) { return typed }
    let matches = names.filter { $0.hasPrefix(typed) }
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      let suggestion = Diagnostics.suggestion(for: typed, among: names).map(display)
      throw .unknown(display(typed), suggestion: suggestion, kind: kind)
    }
    throw .ambiguous(display(typed), matches: matches.sorted().map(display), kind: kind)
  }
}
