/// An effect that dismisses the current presentation.
///
/// A feature presented with ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``,
/// or pushed onto a stack with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``, can close itself
/// without telling its parent:
///
/// ```swift
/// @Reducer
/// struct ChildFeature {
///   @Dependency(\.dismiss) var dismiss
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .closeButtonTapped:
///         return .run { _ in await self.dismiss() }
///       }
///     }
///   }
/// }
/// ```
///
/// The parent then receives `.child(.dismiss)` (or `.path(.popFrom(id:))` for a stack element),
/// which `nil`s out the child's state (or pops it) and cancels its effects. Outside of a
/// presentation context, calling it reports an issue. Call it from an effect: it works by
/// cancelling the presentation's dismissal effect in the store that runs the effect.
public struct DismissEffect: Sendable {
  var dismiss: (@MainActor @Sendable () -> Void)?

  /// Dismisses the presented feature, by asking its parent to.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss = self.dismiss else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed.

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before calling \
        @Dependency(\\.dismiss).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    dismiss()
  }
}

extension DismissEffect {
  /// Creates a dismiss effect from a closure, for overriding the dependency in tests of a child
  /// feature on its own:
  ///
  /// ```swift
  /// let isDismissInvoked = LockIsolated(false)
  /// let store = TestStore(initialState: Child.State()) {
  ///   Child()
  /// } withDependencies: {
  ///   $0.dismiss = DismissEffect { isDismissInvoked.setValue(true) }
  /// }
  /// ```
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  /// A dismiss effect that cancels the presentation effect with the given identifier and
  /// navigation path, in the store running the calling effect: the presentation effect then
  /// sends its dismissal action.
  init(cancelling id: some Hashable & Sendable, navigationPath: NavigationIDPath) {
    let key = CancellationRegistry.Key(id: AnyHashable(id), path: navigationPath)
    self.dismiss = {
      EffectRunner.current?.registry.cancel(key)
    }
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// An effect that dismisses the current presentation. See ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the current feature is being presented (by `ifLet` with ``PresentationState`` or by
  /// `forEach` with ``StackState``), that is, whether ``dismiss`` can dismiss it.
  public var isPresented: Bool {
    self.dismiss.dismiss != nil
  }
}
