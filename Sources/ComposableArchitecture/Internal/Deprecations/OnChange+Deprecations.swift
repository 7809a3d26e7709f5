extension Reducer {
  /// Adds a reducer to run when this reducer changes a value in state, as told by a closure
  /// (the TCA 1.0–1.6 spelling, for values that are not `Equatable`):
  ///
  /// ```swift
  /// .onChange(of: \.settings, removeDuplicates: { $0.id == $1.id }) { oldValue, newValue in
  ///   Reduce { state, action in … }
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'onChange(of:)' with an equatable value, instead.")
  public func onChange<V, R: Reducer>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}
