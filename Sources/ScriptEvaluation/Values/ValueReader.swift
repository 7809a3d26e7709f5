import ComposableArchitecture
import TypeShapes

/// Reads Swift values into ``DataValue``s through their shapes (`playgroundShape(of:)`): struct
/// fields by name, enum cases with their associated values, elements in order, scalars as
/// literals. What has no shape stays whole, as an ``OpaqueValue``.
package struct ValueReader {
  package init() {}

  package func read(_ value: Any) -> DataValue {
    guard let shape = playgroundShape(of: type(of: value)) else {
      return Self.legacy(value) ?? .opaque(OpaqueValue(value))
    }
    switch shape {
    case let .scalar(scalar):
      return DataValue(scalar.literal(value))
    case let .optional(optional):
      return optional.unwrap(value).map(self.read) ?? .null
    case let .sequence(sequence):
      return .array(sequence.elements(value).map(self.read))
    case let .dictionary(dictionary):
      var object = DataObject()
      for (key, element) in dictionary.pairs(value) {
        switch self.read(key) {
        case let .string(name): object[name] = self.read(element)
        case let .int(number): object["\(number)"] = self.read(element)
        default: return .opaque(OpaqueValue(value))
        }
      }
      return .object(object)
    case let .struct(shape):
      return .object(DataObject(shape.fields.map { ($0.name, self.read($0.get(value))) }))
    case let .enum(shape):
      let (index, values) = shape.destructure(value)
      let enumCase = shape.cases[index]
      var payload = DataObject()
      for (position, (parameter, element)) in zip(enumCase.payload, values).enumerated() {
        payload[parameter.label ?? "_\(position)"] = self.read(element)
      }
      return .object(DataObject([(enumCase.name, .object(payload))]))
    }
  }

  /// Types with no shape but a `Codable` conformance still read through it, until every type
  /// the playground meets has a shape.
  private static func legacy(_ value: Any) -> DataValue? {
    guard let encodable = value as? any Encodable else { return nil }
    return try? DataValueEncoder().encode(encodable)
  }
}

extension DataValue {
  package init(_ literal: ShapeLiteral) {
    switch literal {
    case let .bool(value): self = .bool(value)
    case let .int(value): self = .int(value)
    case let .double(value): self = .double(value)
    case let .string(value): self = .string(value)
    }
  }

  /// The literal this value is, if it is one.
  var literal: ShapeLiteral? {
    switch self {
    case let .bool(value): return .bool(value)
    case let .int(value): return .int(value)
    case let .double(value): return .double(value)
    case let .string(value): return .string(value)
    default: return nil
    }
  }
}
