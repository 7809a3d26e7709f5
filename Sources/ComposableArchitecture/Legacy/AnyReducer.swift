/// A reducer of The Composable Architecture's 0.x API: a function of state, action and
/// environment, composed with `combine`, `pullback`, `optional()` and `forEach`.
///
/// Before the ``Reducer`` protocol, this type was named `Reducer<State, Action, Environment>`.
/// TCA 0.41 renamed it `AnyReducer` when the protocol took the name, and that is its spelling
/// here: a lesson written against the 0.x API changes `Reducer<…>` to `AnyReducer<…>` and keeps
/// the rest of its code.
///
/// ```swift
/// struct CounterState: Equatable { var count = 0 }
/// enum CounterAction { case incrementButtonTapped }
/// struct CounterEnvironment { var trackEvent: (String) -> Effect<Never> }
///
/// let counterReducer = AnyReducer<CounterState, CounterAction, CounterEnvironment> {
///   state, action, environment in
///   switch action {
///   case .incrementButtonTapped:
///     state.count += 1
///     return environment.trackEvent("increment").fireAndForget()
///   }
/// }
/// ```
///
/// The environment holds the feature's dependencies, passed in explicitly. Run a legacy reducer
/// in a ``Store`` or inside a modern reducer's body with ``Reduce/init(_:environment:)``, and test
/// it with the legacy `TestStore(initialState:reducer:environment:)`.
public struct AnyReducer<State, Action, Environment> {
  private let reducer: (inout State, Action, Environment) -> Effect<Action>

  /// Initializes a reducer from a function of state, action and environment.
  ///
  /// The state is `inout`, so that the function can change it in place; the function returns
  /// the effects to run, or ``Effect/none``.
  ///
  /// - Parameter reducer: A function that evolves state for an action, using the environment's
  ///   dependencies, and returns the effects to run.
  public init(_ reducer: @escaping (_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action>) {
    self.reducer = reducer
  }

  /// A reducer that performs no state mutations and returns no effects.
  public static var empty: Self {
    Self { _, _, _ in .none }
  }

  /// Combines many reducers into one, which runs each on the state in order and merges their
  /// effects.
  ///
  /// Order matters: combine child reducers (pulled back, optional, `forEach`) before the parent
  /// reducer that may remove or `nil` out their state, so that they see their own actions while
  /// their state is still there.
  ///
  /// - Parameter reducers: A list of reducers.
  /// - Returns: A single reducer.
  public static func combine(_ reducers: Self...) -> Self {
    .combine(reducers)
  }

  /// Combines an array of reducers into one, which runs each on the state in order and merges
  /// their effects.
  ///
  /// - Parameter reducers: An array of reducers.
  /// - Returns: A single reducer.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action, environment in
      reducers.reduce(.none) { effects, reducer in
        effects.merge(with: reducer.run(&state, action, environment))
      }
    }
  }

  /// Combines this reducer with another, which runs after it on the same state; their effects are
  /// merged.
  ///
  /// - Parameter other: Another reducer.
  /// - Returns: A single reducer.
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }

  /// Runs the reducer.
  ///
  /// - Parameters:
  ///   - state: Mutable state.
  ///   - action: An action.
  ///   - environment: An environment.
  /// - Returns: The effects to run.
  public func run(
    _ state: inout State,
    _ action: Action,
    _ environment: Environment
  ) -> Effect<Action> {
    self.reducer(&state, action, environment)
  }

  /// Runs the reducer, as ``run(_:_:_:)`` does.
  public func callAsFunction(
    _ state: inout State,
    _ action: Action,
    _ environment: Environment
  ) -> Effect<Action> {
    self.reducer(&state, action, environment)
  }
}
