import ComposableArchitecture
import ScriptEvaluation
import TypeShapes

/// The statements of an exported test's assertion closure: one per smallest changed path, as a
/// person writes them (`$0.stackData[id: 1]?.isActive = false`, `$0.stackData.append(…)`,
/// `$0.stackData.remove(id: 2)`), rather than whole new values of the state's fields.
///
/// It goes into a value only where a statement there means the same: into a struct's settable
/// fields, an optional that holds a value before and after (`?.`), an identified collection whose
/// kept elements stay in order (changed elements by `[id:]?`, removals by `remove(id:)`, new
/// elements appended at its end by `append`), and an array of the same length (`[i]`). Anything
/// else (enums, reorderings, insertions, `let` fields) is assigned whole at its path.
@MainActor
package struct ChangedPaths {
  private let reader = ValueReader()

  /// The statements that turn `old` into `new`, a value of `type` reached by `path` (`$0`,
  /// `$0.child?`) and assigned whole at `assignedAt` (`$0.child`; by default `path`).
  package func statements(from old: Any, to new: Any, type: Any.Type, path: String = "$0", assignedAt: String? = nil) -> [String] {
    guard self.reader.read(old) != self.reader.read(new) else { return [] }
    let whole = ["\(assignedAt ?? path) = " + SwiftCode.render(new, as: type, indent: 4)]
    if Self.isOpaque(type) { return whole }
    if let collection = old as? any ScriptEvaluation._IdentifiedCollection, let updated = new as? any ScriptEvaluation._IdentifiedCollection {
      return self.identified(from: collection, to: updated, path: path) ?? whole
    }
    switch playgroundShape(of: type) {
    case let .struct(shape)?:
      var statements: [String] = []
      for field in shape.fields {
        let before = field.get(old)
        let after = field.get(new)
        guard self.reader.read(before) != self.reader.read(after) else { continue }
        // A `let` can't be assigned in an assertion: the value holding it is assigned whole.
        guard field.set != nil else { return whole }
        statements += self.statements(from: before, to: after, type: field.type, path: "\(path).\(field.name)")
      }
      return statements
    case let .optional(shape)?:
      guard let before = shape.unwrap(old), let after = shape.unwrap(new) else { return whole }
      return self.statements(from: before, to: after, type: shape.wrapped, path: path + "?", assignedAt: assignedAt ?? path)
    // Arrays only: sets and stacks aren't indexed by position in assertions.
    case let .sequence(shape)? where type is any _AnyArray.Type:
      let before = shape.elements(old)
      let after = shape.elements(new)
      guard before.count == after.count else { return whole }
      return zip(before, after).enumerated().flatMap { index, pair in
        self.statements(from: pair.0, to: pair.1, type: shape.element, path: "\(path)[\(index)]")
      }
    default:
      return whole
    }
  }

  private func identified(from old: any ScriptEvaluation._IdentifiedCollection, to new: any ScriptEvaluation._IdentifiedCollection, path: String) -> [String]? {
    let idType = type(of: old).idType
    let elementType = type(of: old).elementType
    // An identified collection's ids are `Hashable`: sets keep this linear in the rows.
    let oldIDs = old._ids.compactMap { $0 as? AnyHashable }
    let newIDs = new._ids.compactMap { $0 as? AnyHashable }
    guard oldIDs.count == old._ids.count, newIDs.count == new._ids.count else { return nil }
    let newSet = Set(newIDs)
    let kept = oldIDs.filter(newSet.contains)
    // The kept elements in the same order, and every new one after them.
    guard newIDs.prefix(kept.count).elementsEqual(kept) else { return nil }
    var statements: [String] = []
    for id in oldIDs where !newSet.contains(id) {
      statements.append("\(path).remove(id: \(SwiftCode.render(id.base, as: idType)))")
    }
    for id in kept {
      guard let before = old._element(id: id.base), let after = new._element(id: id.base) else { continue }
      let idText = SwiftCode.render(id.base, as: idType)
      statements += self.statements(
        from: before, to: after, type: elementType, path: "\(path)[id: \(idText)]?", assignedAt: "\(path)[id: \(idText)]"
      )
    }
    for element in new._elements.dropFirst(kept.count) {
      statements.append("\(path).append(" + SwiftCode.render(element, as: elementType, indent: 4) + ")")
    }
    return statements
  }

  /// Types whose values are assigned whole: the standard library's and Foundation's.
  private static func isOpaque(_ type: Any.Type) -> Bool {
    let name = _typeName(type)
    return name.hasPrefix("Swift.String") || name.hasPrefix("Foundation.") || name.hasPrefix("Swift.Dictionary")
      || name.hasPrefix("Swift.Set")
  }
}
