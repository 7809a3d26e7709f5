import SwiftUIStandIn

// TCA's API that takes SwiftUI's `Animation` and `Transaction` (from SwiftUIStandIn, which loaded
// code imports as `SwiftUI`). There is no view to animate: the state changes as it would without
// an animation, made inside `withTransaction` so that the change's `Transaction.current` is the
// one given, as in SwiftUI.

extension Store {
  /// Sends an action with an animation: ``send(_:)`` inside `withAnimation(animation)`.
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    self.send(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in a transaction: ``send(_:)`` inside `withTransaction(transaction)`.
  @discardableResult
  public func send(_ action: Action, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) { self.send(action) }
  }
}

@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
extension ViewStore {
  /// Sends an action with an animation: ``send(_:)`` inside `withAnimation(animation)`.
  @discardableResult
  public func send(_ action: ViewAction, animation: Animation?) -> StoreTask {
    self.send(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in a transaction: ``send(_:)`` inside `withTransaction(transaction)`.
  @discardableResult
  public func send(_ action: ViewAction, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) { self.send(action) }
  }
}

extension Send {
  /// Sends an action back into the store with an animation.
  public func callAsFunction(_ action: Action, animation: Animation?) {
    self(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action back into the store in a transaction.
  public func callAsFunction(_ action: Action, transaction: Transaction) {
    withTransaction(transaction) { self(action) }
  }
}

extension Effect {
  /// An effect that emits `action` immediately, with an animation. The action is delivered as
  /// ``send(_:fileID:line:)``'s is.
  public static func send(_ action: Action, animation: Animation?, fileID: StaticString = #fileID, line: UInt = #line)
    -> Self
  {
    .send(action, fileID: fileID, line: line)
  }

  /// This effect, its actions sent with `animation`: they are delivered as this effect's are
  /// (there is no view whose change the animation would shape).
  public func animation(_ animation: Animation? = .default) -> Self { self }

  /// This effect, its actions sent in `transaction`: they are delivered as this effect's are.
  public func transaction(_ transaction: Transaction) -> Self { self }
}
