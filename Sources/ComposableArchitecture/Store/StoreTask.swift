/// The lifecycle of the effects started by sending an action to a ``Store``.
///
/// ```swift
/// let task = store.send(.onAppear)
/// // …
/// task.cancel()       // tears down the effects, as a view disappearing would
/// await task.finish() // or waits for them to finish
/// ```
@MainActor
public struct StoreTask: Hashable, Sendable {
  let group: EffectGroup?

  init(group: EffectGroup?) {
    self.group = group
  }

  /// Cancels the underlying effects.
  public func cancel() {
    self.group?.cancel()
  }

  /// Waits for the underlying effects to finish, including effects started by actions they sent.
  public func finish() async {
    await self.group?.wait()
  }

  /// Whether the task was cancelled.
  public var isCancelled: Bool {
    self.group?.isCancelled ?? false
  }

  /// Whether every effect of the task has finished.
  public var isFinished: Bool {
    self.group?.isFinished ?? true
  }

  public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.group === rhs.group
  }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(self.group.map(ObjectIdentifier.init))
  }
}
