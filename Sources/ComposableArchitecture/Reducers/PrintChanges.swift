import Foundation
import StateDiff

extension Reducer {
  /// Enhances a reducer with debug logging of received actions and state mutations for the given
  /// printer.
  ///
  /// With the default ``_ReducerPrinter/customDump`` printer, each action prints:
  ///
  /// ```
  /// received action:
  ///   Feature.Action.incrementButtonTapped
  ///   Feature.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  ///
  /// ```
  ///
  /// Printing happens synchronously, right after the action is reduced, so that output can be
  /// captured in order (see ``_ReducerPrinter/customDump(printer:)``).
  ///
  /// - Parameter printer: A printer for printing debug messages, or `nil` for none.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// Describes how ``Reducer/_printChanges(_:)`` prints an action and the state change it caused.
public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// Creates a printer from a function that prints one change.
  public init(
    printChange: @escaping @Sendable (
      _ receivedAction: Action, _ oldState: State, _ newState: State
    ) -> Void
  ) {
    self._printChange = printChange
  }

  /// Prints the change an action made.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    self._printChange(receivedAction, oldState, newState)
  }
}

extension _ReducerPrinter {
  /// Prints `received action:`, the action dumped with CustomDump, and the state diff (or
  /// `(No state changes)`), to standard output.
  public static var customDump: Self {
    .customDump(printer: { print($0) })
  }

  /// The ``customDump`` format, handed to a function of your choosing (which receives the block
  /// without the trailing newline `print` adds).
  public static func customDump(printer: @escaping @Sendable (String) -> Void) -> Self {
    Self { receivedAction, oldState, newState in
      printer(_changeDescription(receivedAction: receivedAction, oldState: oldState, newState: newState))
    }
  }

  /// Prints `received action:` followed by the action's case labels, to standard output.
  public static var actionLabels: Self {
    .actionLabels(printer: { print($0) })
  }

  /// The ``actionLabels`` format, handed to a function of your choosing.
  public static func actionLabels(printer: @escaping @Sendable (String) -> Void) -> Self {
    Self { receivedAction, _, _ in
      printer("received action: \(debugCaseOutput(receivedAction))")
    }
  }
}

/// The text the ``_ReducerPrinter/customDump`` printer prints for one action, without the final
/// newline that `print` adds.
///
/// The state diff is CustomDump's diff text, computed with `fastDiff`, which skips unchanged
/// parts of the state cheaply (printing happens after every action).
@_spi(Hosting) public func _changeDescription<State, Action>(
  receivedAction: Action, oldState: State, newState: State
) -> String {
  var target = ""
  target.write("received action:\n")
  CustomDump.customDump(receivedAction, to: &target, indent: 2)
  target.write("\n")
  target.write(fastDiff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n")
  return target
}

/// The reducer ``Reducer/_printChanges(_:)`` returns.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer = self.printer else {
      return self.base.reduce(into: &state, action: action)
    }
    let oldState = state
    let effects = self.base.reduce(into: &state, action: action)
    printer.printChange(receivedAction: action, oldState: oldState, newState: state)
    return effects
  }
}
