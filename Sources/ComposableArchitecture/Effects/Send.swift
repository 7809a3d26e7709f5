/// A type that can send actions back into the system when used from
/// ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``.
///
/// ```swift
/// return .run { send in
///   await send(.started)
///   defer { send(.finished) }
///   for await event in self.events {
///     send(.event(event))
///   }
/// }
/// ```
///
/// Sending an action after the effect has been cancelled does nothing.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a send from a function that delivers actions.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the system from an effect.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}
