import PlaygroundHost
import TCAScript
import KernelProtocol

/// The interpreter's outputs as the REPL prints them: each part marked with what it is.
extension StyledText {
  /// One interpreter output (without a trailing newline): values plain, errors, infos and passes
  /// whole, a failure's headline and its diff's lines, a change's lines by their kinds.
  public init(_ output: Session.Output) {
    switch output.kind {
    case .value:
      self.init(output.text)
    case .changes:
      if let record = output.record { self.init(record) } else { self.init(output.text) }
    case .failure:
      let lines = output.rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      self.init(lines.first ?? "", .failure)
      for line in lines.dropFirst() {
        self.append("\n")
        self.append(line, Self.diffKind(of: line))
      }
    case .error:
      self.init(output.text, .error)
    case .info:
      self.init(output.text, .info)
    case .pass:
      self.init(output.rendered, .pass)
    }
  }

  /// A printed change, by what each line is (not by how it reads: an action's line that starts
  /// with a minus is not a removed line).
  public init(_ record: ChangeRecord) {
    self.init()
    for (index, line) in record.lines.enumerated() {
      if index > 0 { self.append("\n") }
      switch line.kind {
      case .removed: self.append(line.text, .removed)
      case .added: self.append(line.text, .added)
      case .header, .action, .context, .unchanged, .label: self.append(line.text)
      }
    }
  }

  /// A change of a store's state (`:diff`): its diff's lines by their kinds, or
  /// `  (No state changes)`.
  public init(_ change: StateChange) {
    guard let diff = change.diff else {
      self.init(HistoryText.noStateChanges)
      return
    }
    self.init()
    for (index, line) in diff.lines.enumerated() {
      if index > 0 { self.append("\n") }
      switch line.kind {
      case .removed: self.append(line.text, .removed)
      case .added: self.append(line.text, .added)
      case .context: self.append(line.text)
      }
    }
  }

  /// What a time-travel command did (`:undo`, `:jump`, `:skip`, `:switch`…): where the store is
  /// now, then how its state changed.
  public init(_ travel: TimeTravel) {
    self.init(HistoryText.headline(of: travel.move))
    self.append("\n")
    self.append(StyledText(travel.change))
  }

  /// What a session's history command did (`:undo`, `:diff`, `:history`…): time travels and
  /// diffs with their lines' kinds, listings plain.
  public init(_ result: Session.CommandResult) {
    switch result {
    case let .travel(travel): self.init(travel)
    case let .diff(change): self.init(change)
    case .history, .branches, .printing: self.init(HistoryText.text(result))
    }
  }

  /// A diff that comes as text (a failure's): removed lines (`-`, `−`) and added lines (`+`).
  public static func diff(_ text: String) -> StyledText {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return .joined(lines.map { StyledText($0, Self.diffKind(of: $0)) }, separator: "\n")
  }

  private static func diffKind(of line: String) -> Kind {
    switch line.drop(while: { $0 == " " || $0 == "\u{2007}" }).first {
    case "-", "−": return .removed
    case "+": return .added
    default: return .plain
    }
  }
}
