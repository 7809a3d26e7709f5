/// Embeds a child reducer in a parent domain.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.profile, action: \.profile) {
///     Profile()
///   }
///   Reduce { state, action in
///     // Parent logic, which runs after the child's
///   }
/// }
/// ```
///
/// The child runs only for actions that match the case path; its effects are mapped back into
/// the parent domain. When the parent state is an enum, pass a case key path for `state`: the
/// child runs only while the state holds that case.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(
      AnyCasePath<ParentState, Child.State>,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    )
  }

  let toChildState: StatePath
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child

  /// Initializes a reducer that runs the given child reducer against a slice of parent state and
  /// actions.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// Initializes a reducer that runs the given child reducer against a slice of parent state and
  /// an action case path (the 0.x spelling: `action: /Action.child`).
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Initializes a reducer that runs the given child reducer against a case of parent enum
  /// state.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(
      AnyCasePath(toChildState), fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    switch self.toChildState {
    case let .keyPath(keyPath):
      return self.child
        .reduce(into: &state[keyPath: keyPath], action: childAction)
        .map { [toChildAction] in toChildAction.embed($0) }

    case let .casePath(casePath, fileID, filePath, line, column):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          """
          A "Scope" at "\(fileID):\(line)" received a child action when child state was set to a \
          different case.

            Action:
              \(debugCaseOutput(action))
            State:
              \(debugCaseOutput(state))

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          A parent reducer set "\(abbreviatedTypeName(ParentState.self))" to a different case \
          before the scoped reducer ran. Child reducers must run before any parent reducer sets \
          child state to a different case. This ensures that child reducers can handle their \
          actions while their state is still available. Consider using "Reducer.ifCaseLet" to \
          embed this child reducer in the parent reducer that change its state to ensure the child \
          reducer runs first.

          An in-flight effect emitted this action when child state was unavailable. While it may \
          be perfectly reasonable to ignore this action, consider canceling the associated effect \
          before child state changes to another case, especially if it is a long-living effect.

          This action was sent to the store while state was another case. Make sure that actions \
          for this reducer can only be sent from a store when state is set to the appropriate \
          case. In SwiftUI applications, use "SwitchStore".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      defer { state = casePath.embed(childState) }
      return self.child
        .reduce(into: &childState, action: childAction)
        .map { [toChildAction] in toChildAction.embed($0) }
    }
  }
}
