import Foundation

/// A side effect returned by a reducer: work to do, and actions to feed back into the store.
///
/// Build effects with ``none``, ``send(_:)``, ``run(priority:operation:catch:fileID:filePath:line:column:)``,
/// combine them with ``merge(_:)-5ai73`` and ``concatenate(_:)-3iza9``, transform them with
/// ``map(_:)``, and make them cancellable with ``cancellable(id:cancelInFlight:)``.
public struct Effect<Action>: Sendable {
  @usableFromInline
  let operation: EffectOperation<Action>

  @usableFromInline
  init(operation: EffectOperation<Action>) {
    self.operation = operation
  }

  /// This effect, remembering where it was made.
  init(_ operation: EffectOperation<Action>, fileID: StaticString, line: UInt) {
    self.operation = .located(fileID: fileID, line: line, Self(operation: operation))
  }
}

/// A convenience for specifying an ``Effect`` in a given reducer's domain.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

extension Effect {
  /// An effect that does nothing and completes immediately.
  public static var none: Self {
    Self(operation: .none)
  }

  /// Initializes an effect that immediately emits the action passed in.
  ///
  /// > Note: Prefer calling shared logic directly over sending actions through effects.
  ///
  /// The playground records where the effect was made (`fileID` and `line`, which default to the
  /// call site) to say which effect delivered the action.
  public static func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) -> Self {
    Self(.send(action), fileID: fileID, line: line)
  }

  /// Wraps an asynchronous unit of work that can emit actions any number of times in an effect.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.factResponse(TaskResult { try await self.numberFact.fetch(count) }))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: Priority of the underlying task.
  ///   - operation: The operation to execute.
  ///   - handler: An error handler, invoked if the operation throws an error other than
  ///     `CancellationError`. Without one, a thrown error is reported as an issue.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      .catchingRun(
        priority: priority, operation: operation, catch: handler, named: "Effect.run",
        fileID: fileID, filePath: filePath, line: line, column: column
      ),
      fileID: fileID,
      line: line
    )
  }

  /// Merges a variadic list of effects together into a single effect, which runs the effects at
  /// the same time.
  public static func merge(_ effects: Self...) -> Self {
    .merge(effects)
  }

  /// Merges a sequence of effects together into a single effect, which runs the effects at the
  /// same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// Merges this effect and another into a single effect that runs both at the same time.
  public func merge(with other: Self) -> Self {
    Self(operation: .merging(self, other))
  }

  /// Concatenates a variadic list of effects together into a single effect, which runs the
  /// effects one after the other.
  public static func concatenate(_ effects: Self...) -> Self {
    .concatenate(effects)
  }

  /// Concatenates a collection of effects together into a single effect, which runs the effects
  /// one after the other.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    effects.reduce(.none) { $0.concatenate(with: $1) }
  }

  /// Concatenates this effect and another into a single effect that first runs this effect, and
  /// after it completes or is cancelled, runs the other.
  public func concatenate(with next: Self) -> Self {
    Self(operation: .concatenating(self, next))
  }

  /// Transforms all elements from the upstream effect with a provided closure.
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    Effect<T>(operation: self.operation.map(transform))
  }

  /// Creates an effect from a start function that delivers actions to a sink and returns a way to
  /// cancel the work. Used to bridge other asynchronous sources (publishers, schedulers) into
  /// effects.
  ///
  /// The start function runs on the main actor when the store runs the effect; it may send
  /// actions synchronously, and must call ``EffectSink/complete`` exactly once when done.
  public static func _stream(
    _ start: @escaping @MainActor @Sendable (_ sink: EffectSink<Action>) -> EffectCancellable
  ) -> Self {
    Self(operation: .stream(start))
  }

  /// Whether the effect does nothing. Used by the runtime to avoid tracking empty effects.
  public var _isNone: Bool {
    if case .none = self.operation { return true }
    return false
  }
}

/// Where in a reducer an effect was made: the file (`#fileID`) and line of its `.send`, `.run`
/// or `.publisher`.
@_spi(Hosting) public struct EffectLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` names it: `Day2/CartPage.swift`.
  public let fileID: String
  public let line: UInt

  public init(fileID: String, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  init(fileID: StaticString, line: UInt) {
    self.init(fileID: "\(fileID)", line: line)
  }

  /// `Day2/CartPage.swift:42`.
  public var description: String { "\(self.fileID):\(self.line)" }
}

/// Receives the actions of an ``Effect/_stream(_:)`` effect, on the main actor.
public struct EffectSink<Action>: Sendable {
  let _send: @MainActor @Sendable (Action) -> Void
  let _complete: @MainActor @Sendable () -> Void

  /// Creates a sink from a send and a completion function.
  public init(
    send: @escaping @MainActor @Sendable (Action) -> Void,
    complete: @escaping @MainActor @Sendable () -> Void
  ) {
    self._send = send
    self._complete = complete
  }

  /// Delivers an action to the store.
  @MainActor public func send(_ action: Action) { self._send(action) }

  /// Signals that the effect has finished.
  @MainActor public func complete() { self._complete() }
}
