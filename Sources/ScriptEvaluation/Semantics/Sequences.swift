import ComposableArchitecture
import Foundation

/// Sequences seen without their generic parameters: their elements, and the same kind of
/// collection keeping some of them (`filter` on an `IdentifiedArray` is an `IdentifiedArray`, on
/// a `Set` a `Set`, on an array or a range an array).
protocol _ScriptSequence {
  var _sequenceElements: [Any] { get }
  /// The elements whose flag is true, in the collection's own kind.
  func _keeping(_ mask: [Bool]) -> Any
  /// The type of the elements.
  static var _sequenceElementType: Any.Type { get }
}

extension Array: _ScriptSequence {
  var _sequenceElements: [Any] { self.map { $0 as Any } }
  func _keeping(_ mask: [Bool]) -> Any { zip(self, mask).filter(\.1).map(\.0) }
  static var _sequenceElementType: Any.Type { Element.self }
}

extension IdentifiedArray: _ScriptSequence {
  var _sequenceElements: [Any] { self.elements.map { $0 as Any } }
  func _keeping(_ mask: [Bool]) -> Any {
    var copy = self
    for (element, keep) in zip(self, mask).reversed() where !keep { copy.remove(id: element[keyPath: self.id]) }
    return copy
  }
  static var _sequenceElementType: Any.Type { Element.self }
}

extension Set: _ScriptSequence {
  var _sequenceElements: [Any] { self.map { $0 as Any } }
  func _keeping(_ mask: [Bool]) -> Any { Set(zip(self, mask).filter(\.1).map(\.0)) }
  static var _sequenceElementType: Any.Type { Element.self }
}

extension Range: _ScriptSequence where Bound == Int {
  var _sequenceElements: [Any] { self.map { $0 as Any } }
  func _keeping(_ mask: [Bool]) -> Any { zip(self, mask).filter(\.1).map(\.0) }
  static var _sequenceElementType: Any.Type { Int.self }
}

extension ClosedRange: _ScriptSequence where Bound == Int {
  var _sequenceElements: [Any] { self.map { $0 as Any } }
  func _keeping(_ mask: [Bool]) -> Any { zip(self, mask).filter(\.1).map(\.0) }
  static var _sequenceElementType: Any.Type { Int.self }
}

extension IndexSet: _ScriptSequence {
  var _sequenceElements: [Any] { self.map { $0 as Any } }
  func _keeping(_ mask: [Bool]) -> Any { IndexSet(zip(self, mask).filter(\.1).map(\.0)) }
  static var _sequenceElementType: Any.Type { Int.self }
}

/// Helpers for values that are sequences.
enum Sequences {
  /// The elements of a sequence value (`nil` when the value isn't one).
  static package func elements(of value: Any) -> [Any]? {
    (value as? any _ScriptSequence)?._sequenceElements
  }

  /// An array of `elements` typed by their common dynamic type (`[Int]`, `[Todo.State]`), so it
  /// prints and compares like the array Swift would make; `[Any]` when they differ, or the
  /// `[fallback]` when there are none.
  static func typedArray(_ elements: [Any], fallback: Any.Type? = nil) -> Any {
    guard let first = elements.first else {
      guard let fallback else { return elements }
      func empty<T>(_: T.Type) -> Any { [T]() }
      return _openExistential(fallback, do: empty)
    }
    let elementType = type(of: first)
    guard elements.allSatisfy({ type(of: $0) == elementType }) else { return elements }
    func open<T>(_: T.Type) -> Any { elements.map { $0 as! T } }
    return _openExistential(elementType, do: open)
  }
}

extension Sequences {
  /// The type of `count`/`isEmpty` on strings, sets and ranges (arrays and identified arrays
  /// have theirs in `KeyPaths.collectionMemberType`).
  static func plainMemberType(_ name: String, of type: Any.Type) -> Any.Type? {
    guard type == String.self || type is any _ScriptSequence.Type else { return nil }
    switch name {
    case "count": return Int.self
    case "isEmpty": return Bool.self
    default: return nil
    }
  }

  /// `count`/`isEmpty` of a string, set or range.
  static func plainMember(_ value: Any, _ name: String) -> Any? {
    let count: Int
    if let string = value as? String {
      count = string.count
    } else if let sequence = value as? any _ScriptSequence {
      count = sequence._sequenceElements.count
    } else {
      return nil
    }
    switch name {
    case "count": return count
    case "isEmpty": return count == 0
    default: return nil
    }
  }
}
