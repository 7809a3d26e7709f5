/// An action with a case for the actions a view sends: `case view(View)`.
///
/// ```swift
/// @Reducer
/// struct Feature {
///   enum Action: ViewAction {
///     case view(View)
///     case response(Int)
///     enum View { case incrementButtonTapped }
///   }
/// }
/// ```
///
/// A type that holds a store of such actions (``ViewActionSending``, which the
/// ``ViewAction(for:)`` macro conforms it to) sends view actions without spelling `.view`:
/// `send(.incrementButtonTapped)`.
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction
  /// Embeds a view action.
  static func view(_ action: ViewAction) -> Self
}

/// A type holding a ``Store`` whose actions are ``ViewAction``s, which sends view actions
/// without spelling `.view`.
public protocol ViewActionSending<StoreState, StoreAction> {
  associatedtype StoreState
  associatedtype StoreAction: ViewAction
  /// The store view actions are sent to.
  @MainActor var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the store, as `store.send(.view(action))`.
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    self.store.send(.view(action))
  }
}
