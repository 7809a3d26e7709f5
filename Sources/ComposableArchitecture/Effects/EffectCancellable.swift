/// A handle that cancels a running effect. Cancelling is idempotent.
@MainActor
public final class EffectCancellable: Hashable, Sendable {
  private var onCancel: (@MainActor @Sendable () -> Void)?

  /// Creates a cancellable that runs the given closure the first time it is cancelled.
  public init(_ onCancel: @escaping @MainActor @Sendable () -> Void) {
    self.onCancel = onCancel
  }

  /// A cancellable that does nothing, for effects that have already finished.
  public static var finished: EffectCancellable { EffectCancellable {} }

  /// Cancels the effect, if it has not been cancelled already.
  public func cancel() {
    guard let onCancel else { return }
    self.onCancel = nil
    onCancel()
  }

  public nonisolated static func == (lhs: EffectCancellable, rhs: EffectCancellable) -> Bool {
    lhs === rhs
  }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// Runs a closure at most once: how an effect reports that it ended, whichever way it ends.
@MainActor
final class Once {
  private var action: (@MainActor () -> Void)?

  init(_ action: @escaping @MainActor () -> Void) {
    self.action = action
  }

  var hasFired: Bool { self.action == nil }

  func fire() {
    guard let action else { return }
    self.action = nil
    action()
  }
}
