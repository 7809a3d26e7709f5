import ComposableArchitecture
import CustomDump
import TCAScriptSyntax

/// Identified collections, seen without their generic parameters: element lookup by id.
package protocol _IdentifiedCollection {
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
  /// The collection with the element of an id replaced, appended (a new id) or removed (`nil`),
  /// as assigning to `[id:]` does.
  func _setting(id: Any, to element: Any?) throws(ScriptError) -> Any
}

extension IdentifiedArray: _IdentifiedCollection, _ElementContainer {
  package static var idType: Any.Type { ID.self }
  package static var elementType: Any.Type { Element.self }

  package func _element(id: Any) -> Any? {
    (id as? ID).flatMap { self[id: $0] }
  }

  package func _index(id: Any) -> Int? {
    (id as? ID).flatMap { self.index(id: $0) }
  }

  package var _elements: [Any] { self.elements.map { $0 as Any } }
  package var _ids: [Any] { self.ids.map { $0 as Any } }
  package var _idsArray: Any { Array(self.ids) }
  package var _elementsArray: Any { self.elements }

  package func _setting(id: Any, to element: Any?) throws(ScriptError) -> Any {
    guard let id = id as? ID else { throw ScriptError("expected an id of type \(_typeName(ID.self))", at: nil) }
    var copy = self
    guard let element else {
      copy.remove(id: id)
      return copy
    }
    guard let typed = element as? Element else {
      throw ScriptError("expected an element of type \(_typeName(Element.self))", at: nil)
    }
    // `IdentifiedArray` traps on an element whose own id differs from the subscript's.
    var probe = IdentifiedArray(uniqueElements: [typed], id: self.id)
    guard probe.remove(id: id) != nil else {
      throw ScriptError("the element's id is not \(String(customDumping: id)), the id it is assigned to", at: nil)
    }
    copy[id: id] = typed
    return copy
  }
}

extension StackState: _IdentifiedCollection, _ElementContainer {
  package static var idType: Any.Type { StackElementID.self }
  package static var elementType: Any.Type { Element.self }

  package func _element(id: Any) -> Any? {
    (id as? StackElementID).flatMap { self[id: $0] }
  }

  package func _index(id: Any) -> Int? {
    (id as? StackElementID).flatMap { self.ids.firstIndex(of: $0) }
  }

  package var _elements: [Any] { self.map { $0 as Any } }
  package var _ids: [Any] { self.ids.map { $0 as Any } }
  package var _idsArray: Any { Array(self.ids) }
  package var _elementsArray: Any { Array(self) }

  package func _setting(id: Any, to element: Any?) throws(ScriptError) -> Any {
    guard let id = id as? StackElementID else { throw ScriptError("expected a stack element id", at: nil) }
    var copy = self
    guard let element else {
      copy[id: id] = nil
      return copy
    }
    guard let typed = element as? Element else {
      throw ScriptError("expected an element of type \(_typeName(Element.self))", at: nil)
    }
    copy[id: id] = typed
    return copy
  }
}

/// Arrays, seen without their generic parameter.
package protocol _AnyArray {
  var _elements: [Any] { get }
  /// The array with the element at `index` replaced.
  func _replacing(at index: Int, with element: Any) throws(ScriptError) -> Any
}

extension Array: _AnyArray {
  package var _elements: [Any] { self.map { $0 as Any } }

  package func _replacing(at index: Int, with element: Any) throws(ScriptError) -> Any {
    guard let typed = element as? Element else {
      throw ScriptError("expected an element of type \(_typeName(Element.self))", at: nil)
    }
    guard self.indices.contains(index) else { throw ScriptError("index \(index) is out of range (count is \(self.count))", at: nil) }
    var copy = self
    copy[index] = typed
    return copy
  }
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
