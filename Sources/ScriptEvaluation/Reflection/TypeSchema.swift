import ComposableArchitecture
import Foundation
import TypeShapes

/// The shape of a type as the interpreter needs it: a struct's fields, or an enum's cases with
/// their payloads, each with its Swift type.
///
/// Schemas come from the type's shape (`playgroundShape(of:)`: a `PlaygroundShaped` conformance
/// or a description in the runtime's table), which the playground generates from source (and the
/// runtime provides for its own and Foundation's types). A type without one
/// that is `Decodable` is still probed the old way: its own `init(from:)` runs against a probing
/// decoder that records which keys it asks for and with which types.
public enum TypeSchema {
  /// A field of a struct, or an associated value of an enum case.
  public struct Field: Sendable {
    /// The coding key: the property name, the associated value's label, or `_0`, `_1`, … for
    /// unlabeled associated values.
    public let name: String
    public let type: any Any.Type
    /// Whether the value may be left out (it is decoded with `decodeIfPresent`).
    public let isOptional: Bool

    /// Whether this is an unlabeled associated value (`_0`, `_1`, …).
    public var isPositional: Bool {
      self.name.hasPrefix("_") && Int(self.name.dropFirst()) != nil
    }
  }

  /// An enum case and its associated values.
  public struct Case: Sendable {
    public let name: String
    public let payload: [Field]
  }

  case `struct`([Field])
  case `enum`([Case])
  /// An array-like container of the given element type (arrays, sets, identified arrays).
  case sequence(element: (any Any.Type)?)
  /// A single value: strings, numbers, booleans, and types that decode from one.
  case scalar
  /// A type the interpreter cannot see into (not `Decodable`, or its decoding does not follow
  /// a recognizable shape).
  case opaque

  private static let cache = LockedCache()

  /// The schema of a type, computed once and cached.
  public static func of(_ type: Any.Type) -> TypeSchema {
    if let cached = cache[ObjectIdentifier(type)] { return cached }
    let schema = compute(type)
    cache[ObjectIdentifier(type)] = schema
    return schema
  }

  private static func compute(_ type: Any.Type) -> TypeSchema {
    if let shape = playgroundShape(of: type) { return self.schema(of: shape) }
    guard let decodable = type as? any Decodable.Type else { return .opaque }
    if type is any _DataPrimitive.Type { return .scalar }
    if let optional = type as? any _OptionalType.Type { return of(optional.wrappedType) }
    if let container = type as? any _ElementContainer.Type {
      return .sequence(element: container.elementType)
    }
    let kind = TypeMetadata.kind(of: type)
    if kind == .enum, let names = TypeMetadata.enumCaseNames(of: type), !names.isEmpty {
      var cases: [Case] = []
      for name in names {
        let recorder = ProbeRecorder()
        let decoder = ProbeDecoder(recorder: recorder, enumCase: name, depth: 0)
        guard (try? decodable.init(from: decoder)) != nil else { continue }
        cases.append(Case(name: name, payload: recorder.payloadFields(ofCase: name)))
      }
      return cases.isEmpty ? .opaque : .enum(cases)
    }
    let recorder = ProbeRecorder()
    let decoder = ProbeDecoder(recorder: recorder, enumCase: nil, depth: 0)
    guard (try? decodable.init(from: decoder)) != nil else { return .opaque }
    switch recorder.shape {
    case .keyed: return .struct(recorder.topLevelFields)
    case .unkeyed: return .sequence(element: recorder.elementType)
    case .single, .none: return .scalar
    }
  }

  private static func schema(of shape: TypeShape) -> TypeSchema {
    switch shape {
    case .scalar: return .scalar
    case let .optional(optional): return of(optional.wrapped)
    case let .sequence(sequence): return .sequence(element: sequence.element)
    case .dictionary: return .opaque
    case let .struct(shape):
      return .struct(shape.fields.map { Field(name: $0.name, type: $0.type, isOptional: $0.defaultValue != nil) })
    case let .enum(shape):
      return .enum(shape.cases.map { enumCase in
        Case(
          name: enumCase.name,
          payload: enumCase.payload.enumerated().map { position, parameter in
            Field(
              name: parameter.label ?? "_\(position)", type: parameter.type,
              isOptional: parameter.defaultValue != nil || parameter.type is any _OptionalType.Type
            )
          }
        )
      })
    }
  }

  /// The fields of a struct schema, or the payload of one case of an enum schema.
  public var fields: [Field] {
    if case let .struct(fields) = self { return fields }
    return []
  }

  /// The cases of an enum schema.
  public var cases: [Case] {
    if case let .enum(cases) = self { return cases }
    return []
  }
}

/// Collections whose `Codable` form is an array of elements.
protocol _ElementContainer {
  static var elementType: Any.Type { get }
}

extension Array: _ElementContainer {
  static package var elementType: Any.Type { Element.self }
}

extension Set: _ElementContainer {
  static package var elementType: Any.Type { Element.self }
}

extension ContiguousArray: _ElementContainer {
  static package var elementType: Any.Type { Element.self }
}

protocol _OptionalType {
  static var wrappedType: Any.Type { get }
  /// `Optional<Wrapped>.some(value)`, if `value` is a `Wrapped`.
  static func _wrap(_ value: Any) -> Any?
  /// The wrapped value, or `nil`.
  var _wrappedValue: Any? { get }
}

extension Optional: _OptionalType {
  static var wrappedType: Any.Type { Wrapped.self }
  static func _wrap(_ value: Any) -> Any? {
    (value as? Wrapped).map { Optional.some($0) as Any }
  }
  var _wrappedValue: Any? { self.map { $0 as Any } }
}

private final class LockedCache: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [ObjectIdentifier: TypeSchema] = [:]

  package subscript(key: ObjectIdentifier) -> TypeSchema? {
    get { self.lock.withLock { self.storage[key] } }
    set { self.lock.withLock { self.storage[key] = newValue } }
  }
}
