#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// A view of a store's state that deduplicates changes, and sends actions to the store: the
/// observation tool of TCA before `@ObservableState`.
///
/// ```swift
/// let viewStore = ViewStore(store, observe: { $0 })
/// viewStore.send(.incrementButtonTapped)
/// viewStore.count  // 1
/// let cancellable = viewStore.publisher.count.sink { print($0) }
/// ```
///
/// Without SwiftUI there are no views to drive: this keeps the state, `send` and the
/// `publisher` (through OpenCombine on Linux); `binding` and the SwiftUI helpers are not here.
@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
@dynamicMemberLookup
@MainActor
public final class ViewStore<ViewState, ViewAction> {
  private let subject: CurrentValueSubject<ViewState, Never>
  private let _send: @MainActor (ViewAction) -> StoreTask
  private let token = StoreObservationToken()
  private let removeObserver: @MainActor (ObjectIdentifier) -> Void

  /// Initializes a view store from a store which observes changes to state.
  ///
  /// - Parameters:
  ///   - store: A store.
  ///   - toViewState: A transformation of `ViewState` to the state that will be observed for
  ///     changes.
  ///   - fromViewAction: A transformation of `ViewAction` that describes what actions can be sent.
  ///   - isDuplicate: A function to determine when two `ViewState` values are equal. When values
  ///     are equal, repeat view computations are removed.
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (ViewState, ViewState) -> Bool
  ) {
    let subject = CurrentValueSubject<ViewState, Never>(toViewState(store.state))
    self.subject = subject
    self._send = { store.send(fromViewAction($0)) }
    self.removeObserver = store.removeObserver
    store.observeState(ObjectIdentifier(self.token)) { state in
      let viewState = toViewState(state)
      guard !isDuplicate(subject.value, viewState) else { return }
      subject.send(viewState)
    }
  }

  /// Initializes a view store from a store which observes changes to state.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (ViewState, ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// The current state.
  public var state: ViewState { self.subject.value }

  /// Returns the resulting value of a given key path.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    self.subject.value[keyPath: keyPath]
  }

  /// Sends an action to the store.
  ///
  /// - Returns: A ``StoreTask`` that represents the lifecycle of the effect started from
  ///   sending an action.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    self._send(action)
  }

  /// A publisher that emits when state changes: the current state, then each distinct change.
  ///
  /// Its members are publishers too: `viewStore.publisher.count` emits the deduplicated count.
  public var publisher: StorePublisher<ViewState> {
    StorePublisher(self.subject.eraseToAnyPublisher(), owner: self)
  }

  isolated deinit {
    self.removeObserver(ObjectIdentifier(self.token))
  }
}

@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
extension ViewStore where ViewState: Equatable {
  /// Initializes a view store from a store which observes changes to state, deduplicating
  /// equal states.
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: { $0 == $1 })
  }

  /// Initializes a view store from a store which observes changes to state, deduplicating
  /// equal states.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: { $0 == $1 })
  }
}

/// A convenience type alias for referring to a view store of a given reducer's domain.
@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
public typealias ViewStoreOf<R: Reducer> = ViewStore<R.State, R.Action>

/// A publisher of store state, whose members are publishers of the state's members.
@dynamicMemberLookup
public struct StorePublisher<State>: Publisher {
  public typealias Output = State
  public typealias Failure = Never

  let upstream: AnyPublisher<State, Never>
  let owner: AnyObject

  init(_ upstream: AnyPublisher<State, Never>, owner: AnyObject) {
    self.upstream = upstream
    self.owner = owner
  }

  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    // The view store lives as long as a subscription to its publisher.
    let owner = self.owner
    self.upstream.handleEvents(receiveCancel: { _ = owner }).receive(subscriber: subscriber)
  }

  /// Returns the resulting publisher of a given key path, without repeated values.
  public subscript<Value: Equatable>(
    dynamicMember keyPath: KeyPath<State, Value>
  ) -> StorePublisher<Value> {
    StorePublisher<Value>(
      self.upstream.map(keyPath).removeDuplicates().eraseToAnyPublisher(), owner: self.owner
    )
  }
}

/// Identifies a view store's observation of its store.
private final class StoreObservationToken {}
