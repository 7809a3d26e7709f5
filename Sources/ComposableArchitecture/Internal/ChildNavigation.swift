/// What `ifLet` and `ifCaseLet` share: a child reducer running on a part of its parent's state
/// that comes and goes (an optional, an enum case), before the parent, in a navigation path of
/// its own, so that its effects are cancelled when it goes away.
enum ChildNavigation {
  /// Runs the child, then the parent; cancels the child's effects when the parent changed the
  /// child's identity (set it to `nil`, to another case, to another child). `whenChildStays` runs
  /// after the parent when it didn't.
  static func reduce<State, Action>(
    into state: inout State,
    childID: (State) -> NavigationID?,
    child reduceChild: (inout State) -> Effect<Action>,
    parent reduceParent: (inout State) -> Effect<Action>,
    whenChildStays: (inout State) -> Void = { _ in }
  ) -> Effect<Action> {
    let childEffects = reduceChild(&state)
    let childIDBefore = childID(state)
    let parentEffects = reduceParent(&state)
    let childIDAfter = childID(state)
    if childIDAfter == childIDBefore {
      whenChildStays(&state)
    }

    var cancelEffects: Effect<Action> = .none
    if let childIDBefore, childIDBefore != childIDAfter {
      @Dependency(\.navigationIDPath) var path
      cancelEffects = ._cancel(navigationPath: path.appending(childIDBefore))
    }
    return .merge(childEffects, parentEffects, cancelEffects)
  }

  /// Runs `reduce` (the child on its state) in the child's navigation path: its actions embedded
  /// in the parent's, its effects cancellable with the child.
  static func run<Action, ChildAction>(
    child childID: NavigationID,
    embeddingActions toChildAction: AnyCasePath<Action, ChildAction>,
    _ reduce: () -> Effect<ChildAction>
  ) -> Effect<Action> {
    @Dependency(\.navigationIDPath) var path
    let childPath = path.appending(childID)
    return Dependencies.withDependencies {
      $0.navigationIDPath = childPath
    } operation: {
      reduce()
        .map { toChildAction.embed($0) }
        ._cancellable(navigationPath: childPath)
    }
  }
}
