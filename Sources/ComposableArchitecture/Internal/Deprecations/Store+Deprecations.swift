extension Store {
  /// Scopes the store with a closure that derives child state and one that embeds child actions
  /// (the TCA 1.0–1.4 spelling): `store.scope(state: { $0.child }, action: { .child($0) })`.
  @available(
    *,
    deprecated,
    message:
      "Pass 'state' a key path to child state and 'action' a case key path to child action, instead. For more information see the following migration guide: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5#Store-scoping-with-key-paths"
  )
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    self._scope(state: toChildState, action: fromChildAction)
  }
}
