#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Store {
  /// A publisher of the store's state: the current state, then the state after each action the
  /// store reduces.
  ///
  /// Its members are publishers too, without repeated values:
  ///
  /// ```swift
  /// let cancellable = store.publisher.count.sink { count in print(count) }
  /// ```
  public var publisher: StorePublisher<State> {
    let observation = StoreStateObservation(self)
    return StorePublisher(observation.subject.eraseToAnyPublisher(), owner: observation)
  }
}

/// Keeps a subject up to date with a store's state, for as long as a publisher of it lives.
@MainActor
private final class StoreStateObservation<State> {
  let subject: CurrentValueSubject<State, Never>
  private let removeObserver: @MainActor (ObjectIdentifier) -> Void

  init<Action>(_ store: Store<State, Action>) {
    let subject = CurrentValueSubject<State, Never>(store.state)
    self.subject = subject
    self.removeObserver = store.removeObserver
    store.observeState(ObjectIdentifier(self)) { subject.send($0) }
  }

  isolated deinit {
    self.removeObserver(ObjectIdentifier(self))
  }
}
