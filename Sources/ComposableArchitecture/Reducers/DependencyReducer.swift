extension Reducer {
  /// Sets the dependency value of the specified key path to the given value, for this reducer
  /// and the effects it returns.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.date, .constant(Date(timeIntervalSince1970: 0)))
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Sets a dependency that is its own key (a type conforming to `TestDependencyKey` whose
  /// `Value` is itself) to the given value, for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(APIClient.mock)
  /// ```
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value.Value == Value {
    _DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }

  /// Transforms the dependency value at the specified key path with the given function.
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer ``Reducer/dependency(_:_:)`` returns.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    Dependencies.withDependencies(self.update) {
      self.base.reduce(into: &state, action: action)
    }
  }

  /// Sets another dependency value, for the same reducer.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    let update = self.update
    return Self(base: self.base) {
      update(&$0)
      $0[keyPath: keyPath] = value
    }
  }
}
