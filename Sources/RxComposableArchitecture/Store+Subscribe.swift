import ComposableArchitecture
import RxSwift

extension ComposableArchitecture.Store {
  /// The values of the state at the given key path: the current one, then each distinct change,
  /// as the fork's `store.subscribe(\.keyPath)` observable.
  ///
  /// ```swift
  /// store.subscribe(\.isSelected)
  ///   .subscribe(onNext: { isSelected in print(isSelected) })
  ///   .disposed(by: disposeBag)
  /// ```
  ///
  /// Subscribe on the main actor, where stores live.
  ///
  /// - Parameter keyPath: A key path to an equatable value of the state.
  /// - Returns: An observable of the value.
  public func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Observable<Value> {
    Observable { onNext in
      // The subscription (a main-actor object, so Sendable) leaves the isolated closure, not the
      // disposable: RxSwift's `Disposable` isn't Sendable.
      let subscription = MainActor.assumeIsolated {
        self.subscribe(keyPath) { onNext($0) }
      }
      return Disposables.create {
        MainActor.assumeIsolated { subscription.cancel() }
      }
    }
  }
}
