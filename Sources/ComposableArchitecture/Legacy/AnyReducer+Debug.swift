import Foundation

extension AnyReducer {
  /// Prints a debug message for every action the reducer receives, with the state change it
  /// caused, in the format of ``Reducer/_printChanges(_:)``:
  ///
  /// ```
  /// received action:
  ///   AppAction.incrementButtonTapped
  ///   AppState(
  /// -   count: 0
  /// +   count: 1
  ///   )
  ///
  /// ```
  ///
  /// With a prefix, the first line reads `prefix: received action:`. The message is printed right
  /// after the reducer runs, synchronously, unless the debug environment names a queue.
  ///
  /// - Parameters:
  ///   - prefix: A string with which to prefix all debug messages.
  ///   - actionFormat: How to print the action: in full (the default), or by its case labels only.
  ///   - toDebugEnvironment: A function that derives, from the environment, the printer to use.
  ///     Defaults to Swift's `print`.
  /// - Returns: A reducer that prints debug messages for all received actions.
  public func debug(
    _ prefix: String = "",
    actionFormat: ActionFormat = .prettyPrint,
    environment toDebugEnvironment: @escaping (Environment) -> DebugEnvironment = { _ in
      DebugEnvironment()
    }
  ) -> Self {
    self.debug(
      prefix,
      state: { $0 },
      action: AnyCasePath(embed: { $0 }, extract: { $0 }),
      actionFormat: actionFormat,
      environment: toDebugEnvironment
    )
  }

  /// Prints a debug message for every action the reducer receives, without state changes.
  public func debugActions(
    _ prefix: String = "",
    actionFormat: ActionFormat = .prettyPrint,
    environment toDebugEnvironment: @escaping (Environment) -> DebugEnvironment = { _ in
      DebugEnvironment()
    }
  ) -> Self {
    self.debug(
      prefix,
      state: { _ in () },
      action: AnyCasePath(embed: { $0 }, extract: { $0 }),
      actionFormat: actionFormat,
      environment: toDebugEnvironment
    )
  }

  /// Prints a debug message for the actions a case path extracts, with the change to the part of
  /// state a function picks out.
  ///
  /// - Parameters:
  ///   - prefix: A string with which to prefix all debug messages.
  ///   - toDebugState: A function that picks out the state to print.
  ///   - toDebugAction: A case path that picks out the actions to print.
  ///   - actionFormat: How to print the action.
  ///   - toDebugEnvironment: A function that derives, from the environment, the printer to use.
  /// - Returns: A reducer that prints debug messages for the received actions it picks out.
  public func debug<DebugState, DebugAction>(
    _ prefix: String = "",
    state toDebugState: @escaping (State) -> DebugState,
    action toDebugAction: AnyCasePath<Action, DebugAction>,
    actionFormat: ActionFormat = .prettyPrint,
    environment toDebugEnvironment: @escaping (Environment) -> DebugEnvironment = { _ in
      DebugEnvironment()
    }
  ) -> Self {
    Self { state, action, environment in
      let previousState = toDebugState(state)
      let effects = self.run(&state, action, environment)
      guard let debugAction = toDebugAction.extract(from: action) else { return effects }
      let nextState = toDebugState(state)
      let debugEnvironment = toDebugEnvironment(environment)
      var message = prefix.isEmpty ? "" : "\(prefix): "
      message += "received action:\n"
      switch actionFormat {
      case .prettyPrint:
        customDump(debugAction, to: &message, indent: 2)
      case .labelsOnly:
        message += debugCaseOutput(debugAction).indent(by: 2)
      }
      message += "\n"
      if DebugState.self != Void.self {
        message += diff(previousState, nextState).map { "\($0)\n" } ?? "  (No state changes)\n"
      }
      debugEnvironment.output(message)
      return effects
    }
  }
}

/// How ``AnyReducer/debug(_:actionFormat:environment:)`` prints an action.
public enum ActionFormat: String, Codable, Hashable, Sendable {
  /// Prints the action on a single line by the labels of its cases and associated values:
  /// `AppAction.screenA(.row(index:, action: .textChanged(query:)))`.
  case labelsOnly

  /// Prints the action in full, over several lines, with the values it holds.
  case prettyPrint
}

/// Where ``AnyReducer/debug(_:actionFormat:environment:)`` prints its messages.
public struct DebugEnvironment {
  /// The function that prints a message.
  public var printer: (String) -> Void

  /// The queue to print from, or `nil` to print synchronously, as the reducer runs.
  public var queue: DispatchQueue?

  /// Creates a debug environment that prints with the given function, from the given queue.
  public init(printer: @escaping (String) -> Void = { Swift.print($0) }, queue: DispatchQueue) {
    self.printer = printer
    self.queue = queue
  }

  /// Creates a debug environment that prints with the given function, synchronously.
  public init(printer: @escaping (String) -> Void = { Swift.print($0) }) {
    self.printer = printer
    self.queue = nil
  }

  func output(_ message: String) {
    guard let queue = self.queue else {
      self.printer(message)
      return
    }
    let printer = UncheckedSendable(self.printer)
    queue.async { printer.value(message) }
  }
}
