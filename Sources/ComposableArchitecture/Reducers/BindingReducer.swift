/// A reducer that updates bindable state when it receives binding actions.
///
/// Place it in a feature's body before the reducers that react to binding actions, so that they
/// see the state the binding action set:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.displayName):
///       // Validate display name
///       return .none
///     case .binding:
///       return .none
///     }
///   }
/// }
/// ```
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  let toViewAction: (Action) -> ViewAction?

  /// Initializes a reducer that updates bindable state when it receives binding actions.
  public init() where Action == ViewAction {
    self.init(internal: { $0 })
  }

  /// Initializes a reducer that updates bindable state when it receives binding actions from a
  /// view action nested in the feature's action (the `ViewAction` pattern):
  ///
  /// ```swift
  /// BindingReducer(action: \.view)
  /// ```
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    let box = UncheckedSendable(toViewAction)
    self.init(internal: { $0[case: box.value] })
  }

  init(internal toViewAction: @escaping (Action) -> ViewAction?) {
    self.toViewAction = toViewAction
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let bindingAction = self.toViewAction(action).flatMap(\.binding)
    else { return .none }
    bindingAction.set(&state)
    return .none
  }
}
