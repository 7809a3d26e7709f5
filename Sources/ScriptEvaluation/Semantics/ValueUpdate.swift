import ComposableArchitecture
import TCAScriptSyntax
import TypeShapes

/// Changing a value inside another along a path, as Swift's assignments do: through each step's
/// own setter (a struct field's, an optional's, an identified collection's `[id:]`, an array's
/// index), so only the part written to is rebuilt, and a state holding values the playground
/// can't build (a closure, an error, a struct with initializers of its own) can still be edited.
extension KeyPaths {
  /// `root` with the value at `components` replaced by what `transform` makes of it. The
  /// transform gets the current value; at an `[id:]` step it gets (and returns) an optional
  /// element: `nil` removes the element, a new id appends one.
  func update(
    _ root: Any, along components: ArraySlice<PathComponent>, range: SourceRange,
    _ transform: (Any) throws(ScriptError) -> Any
  ) throws(ScriptError) -> Any {
    guard let component = components.first else { return try transform(root) }
    let rest = components.dropFirst()
    do throws(ScriptError) {
      switch component {
      case .optional:
        guard case let .optional(shape)? = playgroundShape(of: type(of: root)) else {
          return try self.update(root, along: rest, range: range, transform)
        }
        // Writing through `?` to nothing does nothing, as in Swift.
        guard let wrapped = shape.unwrap(root) else { return root }
        return shape.make(try self.update(wrapped, along: rest, range: range, transform))
      case let .name(name):
        if case let .optional(shape)? = playgroundShape(of: type(of: root)) {
          guard let wrapped = shape.unwrap(root) else { return root }
          return shape.make(try self.update(wrapped, along: components, range: range, transform))
        }
        if case let .enum(shape)? = playgroundShape(of: type(of: root)), let index = shape.cases.firstIndex(where: { $0.name == name }) {
          // Through a case (`[id: 0, case: \.detail]?.name = …`): nothing in another case.
          let (current, payload) = shape.destructure(root)
          guard current == index, payload.count == 1 else { return root }
          guard rest.isEmpty else {
            return shape.make(index, ShapeArguments([try self.update(payload[0], along: rest, range: range, transform)]))
          }
          // `[id: 0, case: \.detail] = value`: the optional payload, replaced (nil leaves it).
          let optional = ScriptEvaluation.optionalType(wrapping: type(of: payload[0]))
          let new = try transform(wrapInOptional(payload[0], as: optional as! any _OptionalType.Type))
          let unwrapped: Any? = if let optional = new as? any _OptionalType { optional._wrappedValue } else { new }
          guard let unwrapped else { return root }
          return shape.make(index, ShapeArguments([unwrapped]))
        }
        guard case let .struct(shape)? = playgroundShape(of: type(of: root)) else {
          throw ScriptError("can't assign through '\(name)': the playground doesn't know the fields of \(_typeName(type(of: root)))", at: range)
        }
        guard let field = shape.fields.first(where: { $0.name == name }) ?? shape.fields.first(where: { "_\($0.name)" == name }) else {
          throw ScriptError(self.resolver.noMemberMessage(name, on: type(of: root)), at: range)
        }
        guard let set = field.set else {
          throw ScriptError("cannot assign to property: '\(field.name)' is a 'let' constant", at: range)
        }
        var copy = root
        set(&copy, try self.update(field.get(root), along: rest, range: range, transform))
        return copy
      case let .id(id, _):
        let collection = try self.identifiedCollection(root, range: range)
        let existing = collection._element(id: id)
        guard !rest.isEmpty else {
          let elementType = type(of: collection).elementType
          let optional = ScriptEvaluation.optionalType(wrapping: elementType)
          let current = existing.map { wrapInOptional($0, as: optional as! any _OptionalType.Type) } ?? Self.none(optional)
          let new = try transform(current)
          return try collection._setting(id: id, to: (new as? any _OptionalType).map { $0._wrappedValue } ?? new)
        }
        // `[id:]?.field = …` on an id the collection doesn't hold does nothing, as in Swift.
        guard let existing else { return root }
        return try collection._setting(id: id, to: try self.update(existing, along: rest, range: range, transform))
      case let .index(index):
        if let collection = root as? any _IdentifiedCollection {
          let elements = collection._elements
          guard elements.indices.contains(index) else {
            throw ScriptError("index \(index) is out of range (count is \(elements.count))", at: range)
          }
          let id = collection._ids[index]
          return try collection._setting(id: id, to: try self.update(elements[index], along: rest, range: range, transform))
        }
        guard let array = root as? any _AnyArray else {
          throw ScriptError("value of type \(_typeName(type(of: root))) can't be indexed", at: range)
        }
        let elements = array._elements
        guard elements.indices.contains(index) else {
          throw ScriptError("index \(index) is out of range (count is \(elements.count))", at: range)
        }
        return try array._replacing(at: index, with: try self.update(elements[index], along: rest, range: range, transform))
      }
    } catch {
      throw ScriptError(error.message, at: error.range ?? range)
    }
  }

  private func identifiedCollection(_ value: Any, range: SourceRange) throws(ScriptError) -> any _IdentifiedCollection {
    if let collection = value as? any _IdentifiedCollection { return collection }
    throw ScriptError("value of type \(_typeName(type(of: value))) has no [id:] subscript", at: range)
  }

  /// `Optional<Wrapped>.none` for an optional type known only at run time.
  static package func none(_ optional: Any.Type) -> Any {
    guard case let .optional(shape)? = playgroundShape(of: optional) else { return Optional<Any>.none as Any }
    return shape.make(nil)
  }
}
