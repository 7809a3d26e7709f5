import ComposableArchitecture

/// The fork's reducer: a function of state, action and environment, composed with
/// `combine`, `pullback(state:action:environment:)`, `optional()`, `forEach(state:action:environment:)`
/// and `debug()`.
///
/// ```swift
/// let productCardReducer = Reducer<ProductCardState, ProductCardAction, ProductCardEnvironment> {
///   state, action, env in
///   switch action {
///   case .didTap:
///     return env.route(state.url)
///       .fireAndForget()
///   case .didTapWishlist:
///     state.isWishlist.toggle()
///     return .none
///   }
/// }
/// ```
///
/// It is the runtime's 0.x reducer, `AnyReducer`, under the fork's name: TCA 0.41 renamed
/// `Reducer<State, Action, Environment>` to `AnyReducer` when the `Reducer` protocol took the
/// name; the fork kept the old one.
public typealias Reducer<State, Action, Environment> = AnyReducer<State, Action, Environment>
