/// What TAB offers at a cursor position.
public struct CompletionResult: Codable, Equatable, Sendable {
  /// Where the replaced text starts (a character offset into the line).
  public var start: Int
  /// Replacements for the text from `start` to the cursor.
  public var candidates: [String]
  /// Whether a unique completion is followed by a space (command names and their word
  /// arguments are; `store.send(.addItem` is not, the next character is rarely a space).
  public var appendsSpace: Bool

  public init(start: Int, candidates: [String], appendsSpace: Bool) {
    self.start = start
    self.candidates = candidates
    self.appendsSpace = appendsSpace
  }
}
