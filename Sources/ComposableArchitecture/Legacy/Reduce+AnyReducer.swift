extension Reduce {
  /// Runs a reducer of the 0.x API, with a fixed environment, as a ``Reducer``: the way to embed
  /// legacy reducers in a modern reducer's body while a feature is migrated.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce(appReducer, environment: AppEnvironment(route: { _ in .none }))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: A reducer of the 0.x API.
  ///   - environment: The environment the reducer runs with.
  public init<Environment>(
    _ reducer: AnyReducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init { state, action in
      reducer.run(&state, action, environment)
    }
  }
}

extension Store {
  /// Creates a store from an initial state, a reducer of the 0.x API, and its environment.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: DemoPullbackState(information: "", productCard: .mock),
  ///   reducer: demoPullbackReducer,
  ///   environment: .live
  /// )
  /// ```
  public convenience init<Environment>(
    initialState: State,
    reducer: AnyReducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init(initialState: initialState) {
      Reduce(reducer, environment: environment)
    }
  }
}
