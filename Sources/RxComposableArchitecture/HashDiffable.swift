/// The fork's protocol for identified models, from its DiffingInterface: a model with an
/// identifier, compared for changes with `isEqual(to:)`.
///
/// ```swift
/// struct PromoState: Equatable, HashDiffable {
///   var id: String
///   var title: String
///   var amount: Int
///   var isSelected: Bool = false
/// }
/// ```
///
/// `isEqual(to:)` defaults to `==` for `Equatable` models, and `id` to the value itself for
/// `Hashable` ones. Here it refines `Identifiable` (with `ID == IdentifierType`), so that a
/// `HashDiffable` model can go in an `IdentifiedArrayOf` and in `forEach`, as in the fork.
public protocol HashDiffable: Identifiable where ID == IdentifierType {
  /// The type of the model's identifier.
  associatedtype IdentifierType: Hashable

  /// The model's identifier, unique in a list.
  var id: IdentifierType { get }

  /// Whether the model has the same content as another one with the same identifier.
  func isEqual(to source: Self) -> Bool
}

extension HashDiffable where Self: Hashable {
  /// The model itself, as its identifier.
  public var id: Self {
    self
  }
}

extension HashDiffable where Self: Equatable {
  /// Whether the models are equal (`==`).
  public func isEqual(to source: Self) -> Bool {
    self == source
  }
}
