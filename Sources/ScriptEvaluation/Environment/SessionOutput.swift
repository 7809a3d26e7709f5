import PlaygroundHost

/// One piece of what a script printed (``Session/Output``).
public struct SessionOutput: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// A value the user asked for.
    case value
    /// `_printChanges` output.
    case changes
    /// A failed assertion (TestStore's failure text, `#expect`'s, `XCTAssertEqual`'s…).
    case failure
    /// A passed assertion (`#expect`, `XCTAssertEqual`…): the REPL shows `✔` at a terminal,
    /// scripts and notebooks print nothing. Its text says more when there is more to say
    /// ("known issue: …").
    case pass
    /// A problem with the input: a one-line message with position and caret.
    case error
    /// A message from the playground itself.
    case info
  }
  public var kind: Kind
  public var text: String
  /// For `.changes`: the change as the store recorded it (the action, the store, and the
  /// printed lines with their kinds), whose text is ``text``.
  public var record: ChangeRecord?
  /// For `.failure`: the failure's headline and lines with their kinds, whose text is ``text``.
  public var failure: FailureReport?

  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
    if kind == .failure { self.failure = FailureReport(text) }
  }

  /// The output of a failed assertion: kind `.failure`, the report's text.
  public init(_ failure: FailureReport) {
    self.kind = .failure
    self.text = failure.text
    self.failure = failure
  }

  /// The output of one printed change: kind `.changes`, the record's text.
  public init(_ record: ChangeRecord) {
    self.kind = .changes
    self.text = record.text
    self.record = record
  }

  /// Outputs are equal when they print the same (a record is how the text was made).
  public static func == (lhs: SessionOutput, rhs: SessionOutput) -> Bool {
    lhs.kind == rhs.kind && lhs.text == rhs.text
  }

  /// The output as plain text, as the REPL prints it without colours: failures are marked
  /// with "✘ ".
  public var rendered: String {
    switch self.kind {
    case .failure: return "✘ " + self.text
    case .pass: return self.text.isEmpty ? "✔" : "✔ " + self.text
    default: return self.text
    }
  }
}

