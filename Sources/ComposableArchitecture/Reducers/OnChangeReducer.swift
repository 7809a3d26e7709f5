extension Reducer {
  /// Adds a reducer to run when this reducer changes the given value in state.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.userSettings.isHapticFeedbackEnabled) { oldValue, newValue in
  ///     Reduce { state, action in
  ///       .run { send in await self.haptics.setEnabled(newValue) }
  ///     }
  ///   }
  /// ```
  public func onChange<V: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` returns.
public struct _OnChangeReducer<Base: Reducer, Value, Body: Reducer>: Reducer
where Base.State == Body.State, Base.Action == Body.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> Body

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = self.toValue(state)
    let baseEffects = self.base.reduce(into: &state, action: action)
    let newValue = self.toValue(state)
    guard !self.isDuplicate(oldValue, newValue) else { return baseEffects }
    return .merge(
      baseEffects, self.reducer(oldValue, newValue).reduce(into: &state, action: action)
    )
  }
}
