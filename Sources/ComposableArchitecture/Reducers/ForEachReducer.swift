extension Reducer {
  /// Embeds a child reducer in a parent domain that works on elements of a collection in parent
  /// state.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   // Core logic, which runs after the elements' reducers
  /// }
  /// .forEach(\.todos, action: \.todos) {
  ///   Todo()
  /// }
  /// ```
  ///
  /// The element reducer runs first, with the element's state. When the parent removes an
  /// element, every effect the element started is cancelled. An action for an id that is not in
  /// the collection is reported as a runtime warning.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    let casePath = AnyCasePath(toElementAction)
    return _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(
        embed: { casePath.embed(.element(id: $0.0, action: $0.1)) },
        extract: {
          guard case let .element(id, action)? = casePath.extract(from: $0) else { return nil }
          return (id, action)
        }
      ),
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The 0.x spelling of ``forEach(_:action:element:fileID:filePath:line:column:)``, with an
  /// action case path to an `(id, action)` pair: `.forEach(\.rows, action: /Action.row)`.
  @available(
    *,
    deprecated,
    message:
      "Use a case key path to an 'IdentifiedAction', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: toElementAction,
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` returns.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, (ID, Element.Action)>
  let element: Element
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffects = self.reduceForEach(into: &state, action: action)
    let idsBefore = state[keyPath: self.toElementsState].ids
    let parentEffects = self.parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: self.toElementsState].ids

    var cancelEffects: Effect<Parent.Action> = .none
    if idsBefore != idsAfter {
      @Dependency(\.navigationIDPath) var path
      let removed = idsBefore.subtracting(idsAfter)
      cancelEffects = .merge(
        removed.map { id in
          ._cancel(
            navigationPath: path.appending(NavigationID(id: id, keyPath: self.toElementsState))
          )
        }
      )
    }
    return .merge(elementEffects, parentEffects, cancelEffects)
  }

  func reduceForEach(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let (id, elementAction) = self.toElementAction.extract(from: action) else { return .none }
    guard state[keyPath: self.toElementsState][id: id] != nil else {
      reportIssue(
        """
        A "forEach" at "\(self.location.fileID):\(self.location.line)" received an action for a missing element.

          Action:
            \(debugCaseOutput(action))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element reducers \
        can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when its \
        state contains an element at this id. In SwiftUI applications, use "ForEachStore".
        """,
        at: self.location
      )
      return .none
    }
    @Dependency(\.navigationIDPath) var path
    let elementPath = path.appending(NavigationID(id: id, keyPath: self.toElementsState))
    let toElementAction = self.toElementAction
    return Dependencies.withDependencies {
      $0.navigationIDPath = elementPath
    } operation: {
      self.element
        .reduce(into: &state[keyPath: self.toElementsState][id: id]!, action: elementAction)
        .map { toElementAction.embed((id, $0)) }
        ._cancellable(navigationPath: elementPath)
    }
  }
}
