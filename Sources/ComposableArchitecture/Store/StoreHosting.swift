/// A store the runtime made (a `Store` or a `TestStore`), as a host sees it without knowing its
/// types: what ``StoreCreation/observer`` is told of.
@_spi(Hosting) @MainActor
public struct CreatedStore {
  /// The type of the store's state.
  public let stateType: Any.Type
  /// The type of the store's actions (a test store's as its feature declares them).
  public let actionType: Any.Type
  /// Whether it is a `TestStore`.
  public let isTestStore: Bool
  private let runner: EffectRunner

  init<Action>(stateType: Any.Type, action: Action.Type, runner: EffectRunner) {
    self.stateType = stateType
    if let test = action as? any _TestStoreAction.Type {
      self.actionType = test.featureActionType
      self.isTestStore = true
    } else {
      self.actionType = action
      self.isTestStore = false
    }
    self.runner = runner
  }

  /// The store's `.run` and stream effects running now, oldest first: its own count of running
  /// effects (`runningEffects.count`), whatever other stores in the process run.
  public var runningEffects: [RunningEffect] {
    self.runner.runningEffects
  }

  /// Cancels the store's effects running under the cancel identifier `id`, as
  /// `Effect.cancel(id:)` returned by its reducer would.
  public func cancelEffects(id: AnyHashable) {
    self.runner.registry.cancel(id: id)
  }
}

/// The hook a host sets to be told of every store created in its task: the `Store`s and
/// `TestStore`s it makes, and those made by compiled code it didn't write (a loaded test file's
/// `TestStore(initialState:)`).
///
/// ```swift
/// StoreCreation.$observer.withValue({ store in session.adopt(store) }) {
///   runUserCode()
/// }
/// ```
@_spi(Hosting)
public enum StoreCreation {
  /// Called with each store created in the task that bound it (and its child tasks), as the
  /// store is made; `nil` (the default) tells no one.
  @TaskLocal public static var observer: (@MainActor @Sendable (CreatedStore) -> Void)?
}

/// The actions a `TestStore`'s core runs on, which wrap the feature's.
protocol _TestStoreAction {
  static var featureActionType: Any.Type { get }
}

extension TestAction: _TestStoreAction {
  static var featureActionType: Any.Type { Action.self }
}
