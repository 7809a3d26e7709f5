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

/// The reducer ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)``
/// return.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    Dependencies.withDependencies(self.update) {
      self.base.reduce(into: &state, action: action)
    }
  }

  /// Sets another dependency value, for the same reducer: chained calls collapse into one
  /// `_DependencyKeyWritingReducer`, and the first call wins, as it does when they nest
  /// (`Feature().dependency(\.value, 1).dependency(\.value, 2)` sees `1`).
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    let update = self.update
    return Self(base: self.base) {
      $0[keyPath: keyPath] = value
      update(&$0)
    }
  }

  /// Transforms another dependency value, for the same reducer: chained calls collapse into one
  /// `_DependencyKeyWritingReducer`, the later transform applied first, as when they nest.
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> Self {
    let update = self.update
    return Self(base: self.base) {
      transform(&$0[keyPath: keyPath])
      update(&$0)
    }
  }
}
