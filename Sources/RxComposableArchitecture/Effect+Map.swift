import ComposableArchitecture
import ConcurrencyExtras

extension ComposableArchitecture.Effect {
  /// Transforms the effect's actions, as the fork's (RxSwift's) `map` does.
  ///
  /// ```swift
  /// case .didLoad:
  ///   return env.getPromoList()
  ///     .map(PromoListAction.receivePromoListResponse)
  /// ```
  ///
  /// The fork's actions need not be `Sendable`, so neither does the transform, nor the
  /// enum case it usually is: the store applies it to each action as it delivers the action, on
  /// the main actor.
  ///
  /// - Parameter transform: A function from this effect's actions to another type of action.
  /// - Returns: An effect of the transformed actions.
  public func map<T>(_ transform: @escaping (Action) -> T) -> Effect<T> {
    let transform = UncheckedSendable(transform)
    let sendableTransform: @Sendable (Action) -> T = { transform.value($0) }
    return self.eraseToEffect(sendableTransform)
  }
}
