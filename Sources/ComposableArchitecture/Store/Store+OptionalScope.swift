extension Store {
  /// Scopes the store to optional child state, returning `nil` while the child state is `nil`.
  ///
  /// ```swift
  /// if let childStore = store.scope(state: \.child, action: \.child.presented) {
  ///   // …
  /// }
  /// ```
  ///
  /// The child store keeps showing the last non-`nil` child state after the parent's becomes
  /// `nil` (as a view being dismissed would).
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initialChildState = self.state[keyPath: toChildState] else { return nil }
    var lastChildState = initialChildState
    return self._scope(
      state: { state -> ChildState in
        if let childState = state[keyPath: toChildState] {
          lastChildState = childState
        }
        return lastChildState
      },
      action: AnyCasePath(toChildAction).embed
    )
  }
}
