/// A wrapper type for actions that can be presented.
///
/// Use it for the actions of a child feature presented with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``:
///
/// ```swift
/// enum Action {
///   case child(PresentationAction<Child.Action>)
/// }
/// ```
///
/// ``presented(_:)`` carries an action of the presented feature; ``dismiss`` dismisses it, by
/// `nil`-ing out its state. Case key paths reach through `presented`:
/// `\.child.presented.incrementButtonTapped`, or directly `\.child.incrementButtonTapped`.
public enum PresentationAction<Action> {
  /// An action sent to `nil` out the associated presentation state.
  case dismiss

  /// An action sent to the associated, non-`nil` presentation state.
  indirect case presented(Action)
}

extension PresentationAction: CasePathable {
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``PresentationAction``: `presented`, `dismiss`, and the cases of the
  /// presented action through dynamic member lookup.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `dismiss` case.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The `presented` case.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented action, reached through `presented`: `\.child.tapped` means
    /// `\.child.presented.tapped`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, AppendedAction>
    where Action: CasePathable & SendableMetatype {
      let casePath = AnyCasePath(keyPath)
      return AnyCasePath(
        embed: { .presented(casePath.embed($0)) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return casePath.extract(from: action)
        }
      )
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
