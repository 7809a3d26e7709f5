/// A wrapper type for actions that can be presented in a list, addressed by an element's id.
///
/// Use it with ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``:
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// // …
/// store.send(.rows(.element(id: 1, action: .toggle)))
/// await testStore.send(\.rows[id: 1].toggle)
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action sent to the element at a given identifier.
  case element(id: ID, action: Action)

  /// The case paths of ``IdentifiedAction``, including the `[id:]` subscript that reaches the
  /// action of one element.
  public struct AllCasePaths: Sendable {
    /// The `element` case, as a pair of identifier and action.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The action of the element with the given identifier.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> where ID: Sendable {
      elementActionCasePath(id: id, in: self.element)
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}
extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

/// A convenience type alias for referring to an identified action of a given reducer's domain.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

/// The case path to the action of the element `id`, from the path to an enum's
/// `element(id:action:)` case (``IdentifiedAction``'s and ``StackAction``'s `[id:]`).
func elementActionCasePath<Root, ID: Equatable & Sendable, Action>(
  id: ID, in element: AnyCasePath<Root, (id: ID, action: Action)>
) -> AnyCasePath<Root, Action> {
  AnyCasePath(
    embed: { element.embed((id: id, action: $0)) },
    extract: {
      guard let (elementID, action) = element.extract(from: $0), elementID == id else { return nil }
      return action
    }
  )
}
