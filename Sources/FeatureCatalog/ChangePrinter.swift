@_spi(Playground) import ComposableArchitecture

/// Where a playground store's `_printChanges` output goes, and in which format.
public final class ChangePrinter: @unchecked Sendable {
  /// What is printed after each action.
  public enum Mode: String, Sendable, CaseIterable {
    /// `received action:`, the action and the state diff (TCA's `.customDump` printer).
    case changes
    /// `received action: Feature.Action.case` (TCA's `.actionLabels` printer).
    case labels
    /// Nothing.
    case off
  }

  public var mode: Mode = .changes
  /// Case names (at the top level of the action) whose changes are not printed.
  public var hiddenCases: Set<String> = []
  /// When non-empty, only actions whose top-level case is listed are printed.
  public var shownCases: Set<String> = []
  /// A part of the state to diff instead of the whole (`:pin \.cart`): given a state, the
  /// pinned value, or `nil` to fall back to the whole state.
  public var pinned: ((Any) -> Any?)?
  /// How the pin reads, for messages (`\.cart`).
  public var pinnedDescription: String?
  @_spi(Playground) public let output = PrintChangesBuffer()

  public init() {}

  /// The text printed for one action according to ``mode``, or `nil` when nothing is printed.
  public func describe<State, Action>(action: Action, oldState: State, newState: State) -> String? {
    if !self.hiddenCases.isEmpty || !self.shownCases.isEmpty {
      let label = Mirror(reflecting: action).children.first?.label ?? "\(action)"
      if self.hiddenCases.contains(label) { return nil }
      if !self.shownCases.isEmpty, !self.shownCases.contains(label) { return nil }
    }
    switch self.mode {
    case .changes:
      if let pinned = self.pinned, let old = pinned(oldState), let new = pinned(newState) {
        return _changeDescription(receivedAction: action, oldState: old, newState: new)
      }
      return _changeDescription(receivedAction: action, oldState: oldState, newState: newState)
    case .labels:
      return "received action: \(debugCaseOutput(action))\n"
    case .off:
      return nil
    }
  }
}
