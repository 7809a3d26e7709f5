/// Scoping a store of an identified collection to a collection of element stores.
extension Store where State: ObservableState {
  /// Scopes the store of an identified collection to a collection of stores, one per element.
  ///
  /// ```swift
  /// for rowStore in store.scope(state: \.rows, action: \.rows) {
  ///   rowStore.send(.incrementButtonTapped)
  /// }
  /// ```
  ///
  /// The collection holds the elements present when it is made. An element store keeps showing
  /// its element's last state after the element is removed, and what it sends goes to the parent
  /// as `.element(id:action:)` (which `forEach` reports as sent for a missing element).
  ///
  /// - Parameters:
  ///   - state: A key path to an identified array of child state.
  ///   - action: A case key path to an identified child action.
  /// - Returns: A collection of stores of child state.
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    _StoreCollection(self.scope(state: state, action: action))
  }
}

/// The collection of element stores made by ``Store/scope(state:action:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_)``.
@MainActor
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let stores: [Store<State, Action>]

  init(_ store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) {
    let elements = store.state
    self.stores = elements.ids.map { id in
      var last = elements[id: id]!
      return store._scope(
        state: { elements -> State in
          if let element = elements[id: id] { last = element }
          return last
        },
        action: { IdentifiedAction.element(id: id, action: $0) }
      )
    }
  }

  public nonisolated var startIndex: Int { 0 }
  public nonisolated var endIndex: Int { self.stores.count }
  public nonisolated subscript(position: Int) -> Store<State, Action> { self.stores[position] }
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The store of the case the state of an enum reducer (`@Reducer enum`) holds, for switching
  /// over:
  ///
  /// ```swift
  /// switch store.case {
  /// case let .counter(counterStore): counterStore.send(.incrementButtonTapped)
  /// case let .settings(settingsStore): …
  /// }
  /// ```
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}
