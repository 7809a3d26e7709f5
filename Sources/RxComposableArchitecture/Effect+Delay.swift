import CombineSchedulers
import ComposableArchitecture
import RxSwift

extension ComposableArchitecture.Effect {
  /// Delays the effect's actions, and its completion, by the given interval on RxSwift's main
  /// scheduler, as the lesson's mocks do.
  ///
  /// ```swift
  /// getPromoList: {
  ///   Effect(value: PromoState.mocks(numberOfMocks: 20))
  ///     .delay(.milliseconds(250), scheduler: MainScheduler.instance)
  ///     .eraseToEffect()
  /// }
  /// ```
  ///
  /// `MainScheduler.instance` is resolved when the effect is built, in the reducer, to the
  /// `mainQueue` of the store running it: the test store's ``TestStore/scheduler`` in tests
  /// (`testStore.scheduler.advance(by: .milliseconds(250))`), the playground's test scheduler in
  /// the playground (`store.advance(by: .milliseconds(250))`).
  ///
  /// - Parameters:
  ///   - dueTime: How long to delay each action by. With `.never`, the actions never arrive:
  ///     the effect is dropped.
  ///   - scheduler: The main scheduler.
  /// - Returns: An effect whose actions arrive `dueTime` later.
  public func delay(_ dueTime: DispatchTimeInterval, scheduler: MainScheduler) -> Self {
    guard let nanoseconds = dueTime.nanoseconds else {
      return .none
    }
    return self.delay(for: .nanoseconds(nanoseconds), scheduler: scheduler.resolved)
  }
}
