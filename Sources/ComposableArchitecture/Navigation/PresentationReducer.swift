extension Reducer {
  /// Embeds a child reducer in a parent domain that presents it through ``PresentationState``
  /// and ``PresentationAction``.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   // Core logic of the parent feature
  /// }
  /// .ifLet(\.$child, action: \.child) {
  ///   Child()
  /// }
  /// ```
  ///
  /// The operator:
  ///
  ///   * runs the child before the parent for ``PresentationAction/presented(_:)`` actions, and
  ///     the parent before `nil`-ing out the child state for ``PresentationAction/dismiss``, so
  ///     the parent can inspect the child one last time;
  ///   * cancels all of the child's effects when its state is `nil`-ed out (or replaced with a
  ///     child of another identity);
  ///   * `nil`s out alerts and confirmation dialogs after any of their actions;
  ///   * gives the child the ``DependencyValues/dismiss`` dependency, so it can dismiss itself.
  ///
  /// A child action that arrives while nothing is presented is reported as an issue.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self,
      toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The form of ``ifLet(_:action:destination:fileID:filePath:line:column:)`` for alerts
  /// and confirmation dialogs, which need no child reducer:
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  ///
  /// The alert is `nil`-ed out after any of its actions.
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    self.ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``
/// returns.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  let destination: Destination
  let location: SourceLocation

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let initialPresentationState = state[keyPath: self.toPresentationState]
    let destinationEffects: Effect<Base.Action>
    let baseEffects: Effect<Base.Action>

    switch (initialPresentationState.wrappedValue, self.toPresentationAction.extract(from: action)) {
    case let (.some(destinationState), .some(.dismiss)):
      destinationEffects = .none
      baseEffects = self.base.reduce(into: &state, action: action)
      if self.navigationIDPath(for: destinationState) == self.currentNavigationIDPath(state) {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }

    case let (.some(destinationState), .some(.presented(destinationAction))):
      let destinationPath = self.navigationIDPath(for: destinationState)
      let toPresentationAction = self.toPresentationAction
      destinationEffects = Dependencies.withDependencies {
        $0.navigationIDPath = destinationPath
        $0.dismiss = DismissEffect(cancelling: PresentationDismissID(), navigationPath: destinationPath)
      } operation: {
        self.destination
          .reduce(
            into: &state[keyPath: self.toPresentationState].wrappedValue!, action: destinationAction
          )
          .map { toPresentationAction.embed(.presented($0)) }
          ._cancellable(navigationPath: destinationPath)
      }
      baseEffects = self.base.reduce(into: &state, action: action)
      if isEphemeral(destinationState),
        isEphemeralAction(destinationAction, of: destinationState),
        destinationPath == self.currentNavigationIDPath(state)
      {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }

    case (.none, .none), (.some, .none):
      destinationEffects = .none
      baseEffects = self.base.reduce(into: &state, action: action)

    case (.none, .some):
      reportIssue(
        """
        An "ifLet" at "\(self.location.fileID):\(self.location.line)" received a presentation action when \
        destination state was absent.

          Action:
            \(debugCaseOutput(action))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        A parent reducer set destination state to "nil" before this reducer ran. This reducer \
        must run before any other reducer sets destination state to "nil". This ensures that \
        destination reducers can handle their actions while their state is still present.

        This action was sent to the store while destination state was "nil". Make sure that \
        actions for this reducer can only be sent from a store when state is present, or \
        from effects that start from this reducer.
        """,
        at: self.location
      )
      destinationEffects = .none
      baseEffects = self.base.reduce(into: &state, action: action)
    }

    let currentPath = self.currentNavigationIDPath(state)
    let presentationIdentityChanged = initialPresentationState.presentedID != currentPath

    // The presented feature went away (or was replaced): cancel everything it started, its
    // dismissal effect included.
    var dismissEffects: Effect<Base.Action> = .none
    if presentationIdentityChanged, let presentedPath = initialPresentationState.presentedID {
      dismissEffects = ._cancel(navigationPath: presentedPath)
    }
    if presentationIdentityChanged, state[keyPath: self.toPresentationState].wrappedValue == nil {
      state[keyPath: self.toPresentationState].presentedID = nil
    }

    // A feature was presented: start its dismissal effect, which waits until the `dismiss`
    // dependency cancels it, then sends `.dismiss`.
    var presentEffects: Effect<Base.Action> = .none
    if presentationIdentityChanged || state[keyPath: self.toPresentationState].presentedID == nil,
      let presentedState = state[keyPath: self.toPresentationState].wrappedValue,
      !isEphemeral(presentedState),
      let presentedPath = currentPath
    {
      state[keyPath: self.toPresentationState].presentedID = presentedPath
      presentEffects = Effect<Base.Action>._dismissal(
        of: presentedPath,
        id: PresentationDismissID(),
        sending: self.toPresentationAction.embed(.dismiss)
      )
    }

    return .merge(destinationEffects, baseEffects, dismissEffects, presentEffects)
  }

  private func currentNavigationIDPath(_ state: Base.State) -> NavigationIDPath? {
    state[keyPath: self.toPresentationState].wrappedValue.map(self.navigationIDPath(for:))
  }

  private func navigationIDPath(for state: Destination.State) -> NavigationIDPath {
    @Dependency(\.navigationIDPath) var navigationIDPath
    return navigationIDPath.appending(
      NavigationID(base: state, keyPath: self.toPresentationState.appending(path: \.wrappedValue))
    )
  }
}

/// Identifies the effect a presentation waits in until the `dismiss` dependency cancels it.
struct PresentationDismissID: Hashable, Sendable {}

/// Identifies the long-living effects that presented features and stack elements start; test
/// stores cancel them when a test finishes, so that leaving a feature presented is not an effect
/// left running.
struct OnFirstAppearID: Hashable, Sendable {}

extension Effect {
  /// The effect that lets a presented feature (or stack element) dismiss itself: it waits,
  /// cancellable under `id` in the feature's navigation path, and when cancelled by the
  /// `dismiss` dependency, sends `action` to the parent. Dismissing the feature from the parent
  /// cancels it without sending anything.
  static func _dismissal(
    of navigationPath: NavigationIDPath,
    id: some Hashable & Sendable,
    sending action: Action
  ) -> Self {
    let waitForDismissal = Self(
      operation: .cancellable(
        id: AnyHashable(id), cancelInFlight: false, path: navigationPath,
        Self(operation: .stream { _ in .finished })
      )
    )
    return Self(
      operation: .cancellable(
        id: AnyHashable(OnFirstAppearID()), cancelInFlight: false, path: NavigationIDPath(),
        Self.concatenate(waitForDismissal, Self(operation: .send(action)))._cancellable(navigationPath: navigationPath)
      )
    )
  }
}
