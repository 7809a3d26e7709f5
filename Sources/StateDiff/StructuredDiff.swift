import CustomDump

/// One line of a diff, with what it is.
public struct DiffLine: Sendable, Equatable, Hashable {
  /// What a line of a diff is.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// A line both values share (the format's `both` column, `" "` by default), folded runs
    /// (`… (9958 unchanged)`) and the lines that open and close a value included.
    case context
    /// A line only the first value has (the format's `first` column, `"-"` by default).
    case removed
    /// A line only the second value has (the format's `second` column, `"+"` by default).
    case added
  }

  public var kind: Kind
  /// The line as the diff's text has it, its column (`-`, `+` or a space) first, without a
  /// line feed.
  public var text: String

  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}

/// A diff as lines that each know what they are: the same text as ``fastDiff(_:_:format:)``
/// (CustomDump's), with each line's kind recorded as the diff was written rather than read back
/// from its first character.
///
/// ```swift
/// let diff = fastDiffLines(State(count: 0), State(count: 1))!
/// diff.lines.map(\.kind)  // [.context, .removed, .added, .context]
/// diff.text               // fastDiff's text, byte for byte
/// ```
///
/// A line feed that Foundation does not match (one a combining mark follows) gets no column in
/// CustomDump's text; the line it starts keeps the kind of the line above it.
public struct StructuredDiff: Sendable, Equatable {
  /// The lines, in order; joined with `"\n"` they are ``text``.
  public let lines: [DiffLine]
  /// The diff's text, as ``fastDiff(_:_:format:)`` returns it.
  public let text: String

  /// A diff of the given lines (its text is theirs, joined with line feeds).
  public init(lines: [DiffLine]) {
    self.lines = lines
    self.text = lines.map(\.text).joined(separator: "\n")
  }

  /// The diff of `text`, whose runs of lines of one kind start at the given UTF-8 offsets.
  init(text: String, runs: [DiffText.Run]) {
    var lines: [DiffLine] = []
    var run = 0
    var offset = 0
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      while run + 1 < runs.count, runs[run + 1].start <= offset { run += 1 }
      lines.append(DiffLine(runs.isEmpty ? .context : runs[run].kind, String(Substring(line))))
      offset += line.count + 1
    }
    self.lines = lines
    self.text = text
  }
}

/// Detects differences between two given values, as ``fastDiff(_:_:format:)`` does, and returns
/// them as lines with their kinds, or `nil` when there is none.
///
/// - Parameters:
///   - lhs: An expression of type `T`.
///   - rhs: A second expression of type `T`.
///   - format: A format to use for the diff (its columns say nothing of the kinds: they are
///     recorded as the diff is written).
/// - Returns: The diff's lines and text, or `nil` if no difference is detected.
public func fastDiffLines<T>(_ lhs: T, _ rhs: T, format: DiffFormat = .default) -> StructuredDiff? {
  guard !ValueEquality.isEqual(lhs, rhs) else { return nil }
  var diff = DiffText(format: format, recordsRuns: true)
  DiffEngine(format: format).diff(
    lhs, rhs, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true,
    knownEquality: false, into: &diff
  )
  if diff.text.last == "\n" { diff.text.removeLast() }
  return StructuredDiff(text: diff.text, runs: diff.runs ?? [])
}

/// The diff as the engine writes it: CustomDump's text and, when asked, where each run of lines
/// of one kind starts (one entry for each block the engine writes, not for each line).
struct DiffText {
  /// A run of lines of one kind, from a UTF-8 offset of ``text`` on.
  struct Run {
    var start: Int
    var kind: DiffLine.Kind
  }

  var text = ""
  /// The runs written so far; `nil` when they aren't recorded (``fastDiff(_:_:format:)``).
  private(set) var runs: [Run]?
  private let removedPrefix: String
  private let addedPrefix: String
  private let contextPrefix: String

  init(format: DiffFormat, recordsRuns: Bool) {
    self.removedPrefix = format.first + " "
    self.addedPrefix = format.second + " "
    self.contextPrefix = format.both + " "
    self.runs = recordsRuns ? [] : nil
  }

  /// Appends `lines` with the column of `kind` at their start and after every line feed.
  mutating func appendLines(_ lines: String, _ kind: DiffLine.Kind) {
    if self.runs != nil { self.runs!.append(Run(start: self.text.utf8.count, kind: kind)) }
    switch kind {
    case .context: self.text.appendPrefixingLines(lines, with: self.contextPrefix)
    case .removed: self.text.appendPrefixingLines(lines, with: self.removedPrefix)
    case .added: self.text.appendPrefixingLines(lines, with: self.addedPrefix)
    }
  }

  /// Appends text that ends the line written last (a separator, a line feed).
  mutating func append(_ text: String) {
    self.text.append(text)
  }
}
