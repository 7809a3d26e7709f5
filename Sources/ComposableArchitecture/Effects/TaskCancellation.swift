import Foundation

/// Executes an operation with the ability to be cancelled by identifier, with
/// `Task.cancel(id:)` or ``Effect/cancel(id:)``.
///
/// Useful inside an ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)`` to
/// make part of the effect cancellable:
///
/// ```swift
/// .run { send in
///   await withTaskCancellation(id: CancelID.response, cancelInFlight: true) {
///     await send(.response(TaskResult { try await self.apiClient.fetch() }))
///   }
/// }
/// ```
///
/// Within an effect, identifiers belong to the store (and to the child feature) that runs it,
/// like those of ``Effect/cancellable(id:cancelInFlight:)``; elsewhere they are global.
///
/// - Parameters:
///   - id: A unique identifier for the operation.
///   - cancelInFlight: Determines if any in-flight operation with the same identifier should be
///     canceled before starting this new one.
///   - operation: An async operation.
/// - Throws: An error thrown by the operation.
/// - Returns: A value produced by operation.
public func withTaskCancellation<T: Sendable, Failure: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(Failure) -> T
) async throws(Failure) -> T {
  @Dependency(\.navigationIDPath) var path
  let key = CancellationRegistry.Key(id: AnyHashable(id), path: path)
  let runner = EffectRunner.current
  let task = Task<Result<T, Failure>, Never> {
    do throws(Failure) {
      return .success(try await operation())
    } catch {
      return .failure(error)
    }
  }
  let token = await MainActor.run {
    let registry = runner?.registry ?? .global
    if cancelInFlight { registry.cancel(key) }
    let token = EffectCancellable { task.cancel() }
    registry.insert(token, for: key)
    return token
  }
  let result = await withTaskCancellationHandler {
    await task.value
  } onCancel: {
    task.cancel()
  }
  await MainActor.run { (runner?.registry ?? .global).remove(token, for: key) }
  return try result.get()
}

extension Task where Success == Never, Failure == Never {
  /// Cancels any currently in-flight operation with the given identifier: effects made
  /// cancellable with ``Effect/cancellable(id:cancelInFlight:)`` and operations started with
  /// ``withTaskCancellation(id:cancelInFlight:operation:)``.
  ///
  /// ```swift
  /// .run { send in
  ///   for await _ in self.clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTick)
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// // …
  /// case .stopButtonTapped:
  ///   return .run { _ in Task.cancel(id: CancelID.timer) }
  /// ```
  ///
  /// Called on the main thread (from a reducer, a test, or an effect on the main actor) it cancels
  /// at once; called from elsewhere, the cancellation is performed on the main actor next.
  ///
  /// - Parameter id: An identifier.
  public static func cancel(id: some Hashable & Sendable) {
    @Dependency(\.navigationIDPath) var path
    let key = CancellationRegistry.Key(id: AnyHashable(id), path: path)
    let runner = EffectRunner.current
    let cancel: @MainActor @Sendable () -> Void = {
      (runner?.registry ?? .global).cancel(key)
    }
    if Thread.isMainThread {
      MainActor.assumeIsolated { cancel() }
    } else {
      Task<Void, Never> { @MainActor in cancel() }
    }
  }
}

extension CancellationRegistry {
  /// Where operations outside any store register: `withTaskCancellation` called directly.
  static let global = CancellationRegistry()
}
