import ComposableArchitecture

/// The fork's store: the runtime of a feature, created from an initial state, a reducer and its
/// environment.
///
/// ```swift
/// let store = Store(
///   initialState: PromoListState(),
///   reducer: promoListReducer,
///   environment: .mock
/// )
/// store.send(.didLoad)
/// ```
///
/// It is the runtime's store; ``ComposableArchitecture/Store/subscribe(_:)`` gives the fork's
/// `store.subscribe(\.keyPath)`, and `scope(state:action:)` derives a child store.
public typealias Store<State, Action> = ComposableArchitecture.Store<State, Action>
