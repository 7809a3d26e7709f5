#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
extension ViewStore {
  /// Sends an action to the store, then suspends while the state satisfies a predicate (a
  /// pull-to-refresh waiting for its request, say):
  ///
  /// ```swift
  /// await viewStore.send(.refresh, while: \.isLoading)
  /// ```
  ///
  /// Cancelling the calling task cancels the effects the action started.
  public func send(
    _ action: ViewAction,
    while predicate: @escaping (_ state: ViewState) -> Bool
  ) async {
    let task = self.send(action)
    await withTaskCancellationHandler {
      await self.yield(while: predicate)
    } onCancel: {
      Task { @MainActor in task.cancel() }
    }
  }

  /// Suspends while the state satisfies a predicate; returns at once if it doesn't, and when
  /// the calling task is cancelled.
  public func yield(while predicate: @escaping (_ state: ViewState) -> Bool) async {
    guard predicate(self.state), !Task.isCancelled else { return }
    let (changes, continuation) = AsyncStream<Void>.makeStream()
    let cancellable = self.publisher.sink { state in
      if !predicate(state) { continuation.finish() }
    }
    // Ends when a state fails the predicate, or when the task is cancelled.
    for await _ in changes {}
    cancellable.cancel()
  }
}
