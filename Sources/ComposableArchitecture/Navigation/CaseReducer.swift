/// A reducer that is an enum of reducers: the type `@Reducer` makes of
/// `@Reducer enum Destination { case counter(Counter) … }`.
///
/// Its ``State`` and ``Action`` are enums with one case per reducer, and its static ``body``
/// scopes to each case. No value of it is ever created: operators that integrate it
/// (``Reducer/forEach(_:action:fileID:filePath:line:column:)`` and
/// ``Reducer/ifLet(_:action:fileID:filePath:line:column:)``) use the static body.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  // Restated so that `Body` is inferred from the static `body`, rather than from the
  // `Body == Never` default of `Reducer`.
  associatedtype State = State
  associatedtype Action = Action
  associatedtype Body = Body

  /// An enum of child stores, one case per reducer, for switching over in views.
  associatedtype CaseScope

  /// The body of the enum reducer: a `Scope` for each case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// Scopes a store of the enum reducer to the child store of the case its state holds.
  @MainActor static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The static ``CaseReducer/body``.
  public var body: Body {
    Self.body
  }
}

/// The state of a ``CaseReducer``, which knows its reducer, so that operators can integrate it
/// without being handed one: `.forEach(\.path, action: \.path)`.
public protocol CaseReducerState {
  /// The enum reducer this is the state of.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Embeds the elements of a navigation stack of a `@Reducer enum`:
  /// `.forEach(\.path, action: \.path)`.
  ///
  /// See ``forEach(_:action:destination:fileID:filePath:line:column:)``.
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _StackReducer(
      base: self,
      toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      destination: DestinationState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents the destinations of a `@Reducer enum`: `.ifLet(\.$destination, action: \.destination)`.
  ///
  /// See ``ifLet(_:action:destination:fileID:filePath:line:column:)``.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _PresentationReducer(
      base: self,
      toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      destination: DestinationState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
