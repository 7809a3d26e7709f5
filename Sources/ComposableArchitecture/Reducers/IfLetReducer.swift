extension Reducer {
  /// Embeds a child reducer in a parent domain that works on an optional property of parent
  /// state.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   // Core logic, which runs after the child's
  /// }
  /// .ifLet(\.child, action: \.child) {
  ///   Child()
  /// }
  /// ```
  ///
  /// The child runs first, while its state is non-`nil`. When the parent sets the child state to
  /// `nil` (or replaces it with a child of another identity), the child's effects are cancelled.
  /// A child action that arrives while the state is `nil` is reported as a runtime warning.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The 0.x spelling of ``ifLet(_:action:then:fileID:filePath:line:column:)``, with an action
  /// case path: `.ifLet(\.child, action: /Action.child)`.
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: toWrappedAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` returns.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    ChildNavigation.reduce(
      into: &state,
      childID: self.navigationID,
      child: { self.reduceChild(into: &$0, action: action) },
      parent: { self.parent.reduce(into: &$0, action: action) },
      whenChildStays: { state in
        // Alert and dialog state goes away after any of its actions (if the parent left it there).
        if self.toChildAction.extract(from: action) != nil,
          let childState = state[keyPath: self.toChildState], isEphemeral(childState)
        {
          state[keyPath: self.toChildState] = nil
        }
      }
    )
  }

  private func navigationID(_ state: Parent.State) -> NavigationID? {
    state[keyPath: self.toChildState].map { NavigationID(base: $0, keyPath: self.toChildState) }
  }

  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    guard let childID = self.navigationID(state) else {
      reportIssue(
        """
        An "ifLet" at "\(self.location.fileID):\(self.location.line)" received a child action when child state was \
        "nil".

          Action:
        \(String(customDumping: action).indent(by: 4))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child reducers \
        can handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """,
        at: self.location
      )
      return .none
    }
    return ChildNavigation.run(child: childID, embeddingActions: self.toChildAction) {
      self.child.reduce(into: &state[keyPath: self.toChildState]!, action: childAction)
    }
  }
}
