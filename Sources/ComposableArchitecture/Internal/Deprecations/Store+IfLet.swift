#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Store {
  /// Calls `unwrap` with a store of the wrapped state each time the state becomes non-`nil`,
  /// and `else` each time it becomes `nil` (the UIKit way of TCA 1.0 to present a child
  /// controller):
  ///
  /// ```swift
  /// self.cancellable = store.scope(state: \.child, action: \.child).ifLet { childStore in
  ///   self.present(ChildViewController(store: childStore), animated: true)
  /// } else: {
  ///   self.dismiss(animated: true)
  /// }
  /// ```
  ///
  /// One of the two closures is called at once, for the current state. The unwrapped store
  /// keeps its last non-`nil` state after the state becomes `nil`.
  @available(*, deprecated, message: "Use 'observe' and 'if let store.scope', instead.")
  public func ifLet<Wrapped>(
    then unwrap: @escaping (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping () -> Void = {}
  ) -> any Cancellable where State == Wrapped? {
    self.publisher
      .removeDuplicates(by: { ($0 != nil) == ($1 != nil) })
      .sink { [weak self] state in
        MainActor.assumeIsolated {
          guard let self, let state else { return `else`() }
          var lastState = state
          unwrap(
            self._scope(
              state: { state -> Wrapped in
                if let state { lastState = state }
                return lastState
              },
              action: { $0 }
            )
          )
        }
      }
  }
}
