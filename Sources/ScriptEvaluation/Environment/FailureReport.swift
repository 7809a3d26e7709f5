import StateDiff

/// A failed assertion as the session reports it (``SessionOutput/failure``): its headline, the
/// lines after it with their kinds — a diff's removed and added lines, the rest context — and,
/// for an issue the runtime reported, where it was reported.
///
/// TestStore's failures and IssueReporting's issues arrive as text (TCA's `reportIssue` takes a
/// message); the lines get their kinds here, once, where the failure enters the session, so
/// that presenters colour kinds rather than read characters.
public struct FailureReport: Sendable, Equatable {
  /// Where an issue was reported (the `fileID` and line `reportIssue` was given).
  public struct Location: Sendable, Equatable {
    public var fileID: String
    public var line: Int

    public init(fileID: String, line: Int) {
      self.fileID = fileID
      self.line = line
    }
  }

  /// The first line: what failed.
  public var headline: String
  /// The lines after the headline: a diff's removed (`-`, `−`) and added (`+`) lines, which
  /// may be indented, and context (messages, legends, unchanged lines).
  public var details: [DiffLine]
  public var location: Location?

  /// The failure of the message `text`, reported at `location`.
  public init(_ text: String, location: Location? = nil) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    self.headline = lines.isEmpty ? "" : String(lines.removeFirst())
    self.details = lines.map { DiffLine(Self.kind(of: $0), String($0)) }
    self.location = location
  }

  /// The message, as it was reported.
  public var text: String {
    ([self.headline] + self.details.map(\.text)).joined(separator: "\n")
  }

  private static func kind(of line: Substring) -> DiffLine.Kind {
    switch line.drop(while: { $0 == " " || $0 == "\u{2007}" }).first {
    case "-", "−": return .removed
    case "+": return .added
    default: return .context
    }
  }
}
