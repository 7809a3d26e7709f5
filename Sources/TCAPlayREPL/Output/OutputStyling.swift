import PlaygroundHost
import StateDiff
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
      self.init(output.failure ?? FailureReport(output.text))
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
    self.init(lines: record.lines) { line in
      switch line.kind {
      case .removed: (line.text, .removed)
      case .added: (line.text, .added)
      case .header, .action, .context, .unchanged, .label: (line.text, .plain)
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
    self.init(diffLines: diff.lines)
  }

  /// A failed assertion: `✘ ` and its headline, then its lines by their kinds (a diff's
  /// removed and added lines coloured as a change's are).
  public init(_ failure: FailureReport) {
    self.init("✘ " + failure.headline, .failure)
    guard !failure.details.isEmpty else { return }
    self.append("\n")
    self.append(StyledText(diffLines: failure.details))
  }

  /// A diff's lines by their kinds, one after another.
  private init(diffLines lines: [DiffLine]) {
    self.init(lines: lines) { line in
      switch line.kind {
      case .removed: (line.text, .removed)
      case .added: (line.text, .added)
      case .context: (line.text, .plain)
      }
    }
  }

  /// `lines`, each as `styled` says, joined with line feeds.
  private init<Line>(lines: [Line], _ styled: (Line) -> (text: String, kind: Kind)) {
    self.init()
    for (index, line) in lines.enumerated() {
      if index > 0 { self.append("\n") }
      let (text, kind) = styled(line)
      self.append(text, kind)
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

}
