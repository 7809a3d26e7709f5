extension Reducer {
  /// Embeds a child reducer in a parent domain that works on a case of parent enum state.
  ///
  /// For example, if a parent feature's state is expressed as an enum of multiple children
  /// states, then `ifCaseLet` can run a child reducer on a particular case of the enum:
  ///
  /// ```swift
  /// @Reducer
  /// struct Parent {
  ///   @ObservableState
  ///   enum State {
  ///     case loggedIn(Authenticated.State)
  ///     case loggedOut(Unauthenticated.State)
  ///   }
  ///   enum Action {
  ///     case loggedIn(Authenticated.Action)
  ///     case loggedOut(Unauthenticated.Action)
  ///     // ...
  ///   }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       // Core logic for parent feature
  ///     }
  ///     .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///       Authenticated()
  ///     }
  ///     .ifCaseLet(\.loggedOut, action: \.loggedOut) {
  ///       Unauthenticated()
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The child runs before the parent, so that it sees its state before the parent changes the
  /// case. When the parent moves state away from the case, the child's effects are cancelled. A
  /// child action received while state holds another case is reported as a runtime warning.
  ///
  /// - Parameters:
  ///   - toCaseState: A case path from parent state to a case containing child state.
  ///   - toCaseAction: A case path from parent action to a case containing child actions.
  ///   - case: A reducer that will be invoked with child actions against child state when it is
  ///     present
  /// - Returns: A reducer that combines the child reducer with the parent reducer.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where State: CasePathable, Action: CasePathable, CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: AnyCasePath(toCaseState),
      toChildAction: AnyCasePath(toCaseAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Embeds a child reducer in a parent domain that works on a case of parent enum state, with
  /// case paths (the spelling for state and actions that are not `@CasePathable`).
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: toCaseState,
      toChildAction: toCaseAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)-7nstx`` returns.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    ChildNavigation.reduce(
      into: &state,
      childID: self.navigationID,
      child: { self.reduceChild(into: &$0, action: action) },
      parent: { self.parent.reduce(into: &$0, action: action) }
    )
  }

  private func navigationID(_ state: Parent.State) -> NavigationID? {
    self.toChildState.extract(from: state).map {
      NavigationID(base: $0, keyPath: \Parent.State.self)
    }
  }

  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    guard var childState = self.toChildState.extract(from: state),
      let childID = self.navigationID(state)
    else {
      reportIssue(
        """
        An "ifCaseLet" at "\(self.location.fileID):\(self.location.line)" received a child action when child state \
        was set to a different case.

          Action:
        \(String(customDumping: action).indent(by: 4))
          State:
        \(String(customDumping: state).indent(by: 4))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "\(abbreviatedTypeName(Parent.State.self))" to a different case before \
        this reducer ran. This reducer must run before any other reducer sets child state to a \
        different case. This ensures that child reducers can handle their actions while their \
        state is still available.

        An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        This action was sent to the store while state was another case. Make sure that \
        actions for this reducer can only be sent from a store when state is set to the \
        appropriate case. In SwiftUI applications, use "SwitchStore".
        """,
        at: self.location
      )
      return .none
    }
    defer { state = self.toChildState.embed(childState) }
    return ChildNavigation.run(child: childID, embeddingActions: self.toChildAction) {
      self.child.reduce(into: &childState, action: childAction)
    }
  }
}
