import KernelProtocol
import TCAScriptSyntax

/// Gathers the physical lines a user types into complete inputs: a statement continues on the
/// next line while a bracket, parenthesis, brace or `/*` comment is open (as the script lexer
/// reads it: ``InputCompleteness``), and a `:{` … `:}` block holds several lines until it is
/// closed. Meta commands (`:state`) are always one line.
///
/// ```swift
/// var input = InputAccumulator()
/// input.add("store.send(.addItem) {")   // .needsMore
/// input.add("  $0.lastId = 1")          // .needsMore
/// input.add("}")                        // .complete("store.send(.addItem) {\n  $0.lastId = 1\n}")
/// ```
public struct InputAccumulator: Sendable {
  /// What adding a line produced.
  public enum Result: Equatable, Sendable {
    /// A whole input, ready to run.
    case complete(String)
    /// The input goes on: read another line (with the continuation prompt).
    case needsMore
  }

  private var lines: [String] = []
  private var isInBlock = false

  public init() {}

  /// Whether nothing is pending (the next line starts a new input).
  public var isEmpty: Bool { self.lines.isEmpty && !self.isInBlock }

  /// The first line number (counting from 1) of the pending input among all lines added, for
  /// error positions in files.
  public private(set) var startLine = 1
  private var lineCount = 0

  /// Adds one physical line.
  public mutating func add(_ line: String) -> Result {
    self.lineCount += 1
    let trimmed = line.trimmingBlanks()
    if self.isInBlock {
      if trimmed == ":}" {
        let text = self.lines.joined(separator: "\n")
        self.reset()
        return .complete(text)
      }
      self.lines.append(line)
      return .needsMore
    }
    if self.lines.isEmpty {
      self.startLine = self.lineCount
      if trimmed == ":{" {
        self.isInBlock = true
        self.startLine = self.lineCount + 1
        return .needsMore
      }
      if trimmed.hasPrefix(":") {
        return .complete(trimmed)
      }
    }
    self.lines.append(line)
    let text = self.lines.joined(separator: "\n")
    if case .needsMore = InputCompleteness.of(text) {
      return .needsMore
    }
    self.lines = []
    return .complete(text)
  }

  /// What is pending, as one input (for the end of a file, where an unfinished statement is run
  /// so that its error shows).
  public mutating func flush() -> String? {
    defer { self.reset() }
    let text = self.lines.joined(separator: "\n")
    return text.trimmingBlanks(newlines: true).isEmpty ? nil : text
  }

  /// Forgets the pending input (Ctrl-C).
  public mutating func reset() {
    self.lines = []
    self.isInBlock = false
  }
}
