import ComposableArchitecture

/// Identified collections, seen without their generic parameters: element lookup by id.
protocol _IdentifiedCollection {
  static var idType: Any.Type { get }
  static var elementType: Any.Type { get }
  func _element(id: Any) -> Any?
  /// The position of the element with the given id.
  func _index(id: Any) -> Int?
  var _elements: [Any] { get }
  var _ids: [Any] { get }
  /// The ids as a typed `[ID]` (for printing and conversion).
  var _idsArray: Any { get }
  /// The elements as a typed `[Element]`.
  var _elementsArray: Any { get }
}

extension IdentifiedArray: _IdentifiedCollection, _ElementContainer {
  static var idType: Any.Type { ID.self }
  static var elementType: Any.Type { Element.self }

  func _element(id: Any) -> Any? {
    (id as? ID).flatMap { self[id: $0] }
  }

  func _index(id: Any) -> Int? {
    (id as? ID).flatMap { self.index(id: $0) }
  }

  var _elements: [Any] { self.elements.map { $0 as Any } }
  var _ids: [Any] { self.ids.map { $0 as Any } }
  var _idsArray: Any { Array(self.ids) }
  var _elementsArray: Any { self.elements }
}

/// Arrays, seen without their generic parameter.
protocol _AnyArray {
  var _elements: [Any] { get }
}

extension Array: _AnyArray {
  var _elements: [Any] { self.map { $0 as Any } }
}

extension Identifiable {
  /// An `IdentifiedArray` of this type's values, for `IdentifiedArrayOf([…])` with no expected
  /// type.
  static func _identifiedArray(from elements: [Any]) -> Any {
    IdentifiedArray(uniqueElements: elements.compactMap { $0 as? Self }.reversed().reduce(into: [Self]()) { partial, element in
      if !partial.contains(where: { $0.id == element.id }) { partial.insert(element, at: 0) }
    })
  }
}
