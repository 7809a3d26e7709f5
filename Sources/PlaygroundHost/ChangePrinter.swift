import ComposableArchitecture
import Foundation
import Synchronization

/// Where a playground store's `_printChanges` output goes, and in which format: each action
/// printed becomes a ``ChangeRecord``, kept in order until the session takes them
/// (``drainRecords()``).
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
  private let records = Mutex<[ChangeRecord]>([])

  public init() {}

  /// The record of one action according to ``mode``, or `nil` when nothing is printed.
  public func record<State, Action>(
    action: Action, oldState: State, newState: State, feature: String, storeID: ObjectIdentifier,
    origin: ChangeRecord.Origin
  ) -> ChangeRecord? {
    guard self.mode != .off else { return nil }
    if !self.hiddenCases.isEmpty || !self.shownCases.isEmpty {
      let label = Mirror(reflecting: action).children.first?.label ?? "\(action)"
      if self.hiddenCases.contains(label) { return nil }
      if !self.shownCases.isEmpty, !self.shownCases.contains(label) { return nil }
    }
    let lines: [ChangeRecord.Line]
    let actionLabel = debugCaseOutput(action)
    switch self.mode {
    case .changes:
      if let pinned = self.pinned, let old = pinned(oldState), let new = pinned(newState) {
        lines = ChangeRecord.Line.changes(action: action, oldState: old, newState: new)
      } else {
        lines = ChangeRecord.Line.changes(action: action, oldState: oldState, newState: newState)
      }
    case .labels:
      lines = ChangeRecord.Line.label(actionLabel)
    case .off:
      return nil
    }
    return ChangeRecord(
      feature: feature, storeID: storeID, origin: origin, actionLabel: actionLabel, lines: lines
    )
  }

  /// Prints a record: keeps it for the session.
  public func print(_ record: ChangeRecord) {
    self.records.withLock { $0.append(record) }
  }

  /// The records printed since the last call, in order.
  public func drainRecords() -> [ChangeRecord] {
    self.records.withLock { records in
      defer { records = [] }
      return records
    }
  }
}
