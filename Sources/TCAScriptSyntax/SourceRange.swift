/// A range of characters in one line of script source, for error carets.
public struct SourceRange: Equatable, Sendable {
  /// 1-based line.
  public var line: Int
  /// 1-based column of the first character.
  public var column: Int
  /// Number of characters (at least 1 when shown).
  public var length: Int

  public init(line: Int, column: Int, length: Int) {
    self.line = line
    self.column = column
    self.length = length
  }

  /// The range from the start of `self` to the end of `other` (on `self`'s line).
  package func through(_ other: SourceRange) -> SourceRange {
    guard other.line == self.line else { return self }
    return SourceRange(line: self.line, column: self.column, length: max(1, other.column + other.length - self.column))
  }
}

/// An error in a script: what went wrong and where.
public struct ScriptError: Error, Equatable, Sendable {
  public var message: String
  public var range: SourceRange?
  /// The Swift error a closure's `throw` threw, when that is what this is: a dependency
  /// endpoint built around the closure throws it on.
  package var thrown: ThrownError?

  public init(_ message: String, at range: SourceRange?) {
    self.message = message
    self.range = range
  }

  /// The error `throw error` threw, at the `throw` statement.
  package init(thrown error: any Error, at range: SourceRange) {
    self.init("error thrown from a closure outside a dependency endpoint: \(error)", at: range)
    self.thrown = ThrownError(error: error)
  }
}

/// A Swift error a script threw, carried by a ``ScriptError`` (errors are compared by what they
/// print).
package struct ThrownError: Equatable, @unchecked Sendable {
  package var error: any Error

  package static func == (lhs: ThrownError, rhs: ThrownError) -> Bool {
    String(reflecting: lhs.error) == String(reflecting: rhs.error)
  }
}
