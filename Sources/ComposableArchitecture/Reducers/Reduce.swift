/// A type-erased reducer that invokes the given `reduce` function.
///
/// ``Reduce`` is useful for injecting logic into a reducer tree without the overhead of
/// introducing a new type that conforms to ``Reducer``.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>
  /// The reducer this one type-erases, if any: the playground's `:info` reads the composition
  /// through it (a closure would hide it).
  @usableFromInline
  let erased: Any?

  /// Initializes a reducer with a `reduce` function.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
    self.erased = nil
  }

  /// Type-erases a reducer.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
    self.erased = reducer
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(&state, action)
  }
}

/// Combines multiple reducers into a single reducer, running each in order and merging effects.
///
/// Useful to group reducers that a modifier (such as ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``)
/// should apply to as a whole.
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where State == Reducers.State, Action == Reducers.Action {
  @usableFromInline
  let reducers: Reducers

  /// Initializes a reducer that combines all of the reducers in the given build block.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers.reduce(into: &state, action: action)
  }
}

/// A reducer that does nothing.
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}
