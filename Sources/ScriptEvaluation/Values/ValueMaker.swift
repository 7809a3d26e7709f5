import ComposableArchitecture
import TypeShapes

/// Builds Swift values of a given type from ``DataValue``s through the type's shape
/// (`playgroundShape(of:)`): memberwise initializers with the declared defaults, enum cases,
/// collections from their elements, scalars from literals.
package struct ValueMaker {
  /// Why a value couldn't be built, and where inside it.
  package struct Failure: Error {
    /// Field names and element positions from the outermost value in.
    package var path: [String]
    package var message: String
  }

  package init() {}

  package func make(_ type: Any.Type, from data: DataValue) throws(Failure) -> Any {
    try self.make(type, from: data, path: [])
  }

  private func make(_ type: Any.Type, from data: DataValue, path: [String]) throws(Failure) -> Any {
    if case let .opaque(box) = data {
      return try self.opaque(box.value, as: type, path: path)
    }
    if type == Any.self, let value = Self.untyped(data) { return value }
    guard let shape = playgroundShape(of: type) else {
      if let decodable = type as? any Decodable.Type {
        return try self.legacy(decodable, from: data, path: path)
      }
      throw Failure(path: path, message: "\(_typeName(type)) can't be built from a script (the playground doesn't know its shape)")
    }
    switch shape {
    case let .scalar(scalar):
      guard let literal = data.literal, let value = scalar.make(literal) else {
        throw Failure(path: path, message: "Expected \(_typeName(type)), found \(data.kindDescription).")
      }
      return value
    case let .optional(optional):
      if data == .null { return optional.make(nil) }
      return optional.make(try self.make(optional.wrapped, from: data, path: path))
    case let .sequence(sequence):
      guard case let .array(elements) = data else {
        throw Failure(path: path, message: "Expected an array, found \(data.kindDescription).")
      }
      var values: [Any] = []
      values.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        values.append(try self.make(sequence.element, from: element, path: path + ["\(index)"]))
      }
      do { return try sequence.make(values) } catch {
        throw Failure(path: path, message: "\(error)")
      }
    case let .dictionary(dictionary):
      guard case let .object(object) = data else {
        throw Failure(path: path, message: "Expected a dictionary, found \(data.kindDescription).")
      }
      var pairs: [(Any, Any)] = []
      for (key, element) in object.pairs {
        let keyData: DataValue = Int(key).map { .int($0) } ?? .string(key)
        let keyValue: Any
        if let typed = try? self.make(dictionary.key, from: keyData, path: path) {
          keyValue = typed
        } else {
          keyValue = try self.make(dictionary.key, from: .string(key), path: path)
        }
        pairs.append((keyValue, try self.make(dictionary.value, from: element, path: path + [key])))
      }
      do { return try dictionary.make(pairs) } catch {
        throw Failure(path: path, message: "\(error)")
      }
    case let .struct(shape):
      return try self.makeStruct(type, shape, from: data, path: path)
    case let .enum(shape):
      return try self.makeEnum(type, shape, from: data, path: path)
    }
  }

  private func makeStruct(_ type: Any.Type, _ shape: StructShape, from data: DataValue, path: [String]) throws(Failure) -> Any {
    guard case let .object(object) = data else {
      throw Failure(path: path, message: "Expected a value with fields, found \(data.kindDescription).")
    }
    guard let make = shape.make else {
      return try self.makeThroughInitializer(type, shape, object, path: path)
    }
    var values: [Any] = []
    values.reserveCapacity(shape.fields.count)
    for field in shape.fields {
      if let fieldData = object[field.name] {
        values.append(try self.make(field.type, from: fieldData, path: path + [field.name]))
      } else if let defaultValue = field.defaultValue {
        values.append(defaultValue())
      } else {
        throw Failure(path: path, message: "Missing \"\(field.name)\".")
      }
    }
    do { return try make(ShapeArguments(values)) } catch {
      throw Failure(path: path, message: "\(error)")
    }
  }

  /// The declared initializer of a struct without a memberwise one that stands in for it: the
  /// one whose parameters are all fields (or have defaults) and that takes the most of them.
  static func fieldInitializer(of type: Any.Type, _ shape: StructShape) -> StaticMember? {
    let fieldNames = Set(shape.fields.map(\.name))
    return playgroundMembers(of: type)
      .filter { member in
        member.name == "init"
          && (member.parameters ?? []).allSatisfy { $0.label.map(fieldNames.contains) == true || $0.defaultValue != nil }
      }
      .max { ($0.parameters ?? []).count < ($1.parameters ?? []).count }
  }

  /// A struct that declares initializers of its own (so it has no memberwise one): built with
  /// the declared initializer whose parameters are all fields (or have defaults) and that takes
  /// the most of them, then the fields it doesn't take set through their setters.
  private func makeThroughInitializer(
    _ type: Any.Type, _ shape: StructShape, _ object: DataObject, path: [String]
  ) throws(Failure) -> Any {
    guard let initializer = Self.fieldInitializer(of: type, shape) else {
      throw Failure(
        path: path,
        message: "\(_typeName(type)) can't be built from its fields: it declares initializers of its own, none taking them"
      )
    }
    var arguments: [Any] = []
    var taken: Set<String> = []
    for parameter in initializer.parameters ?? [] {
      if let label = parameter.label, let field = shape.fields.first(where: { $0.name == label }) {
        taken.insert(label)
        if let fieldData = object[label] {
          arguments.append(try self.make(parameter.type, from: fieldData, path: path + [label]))
          continue
        }
        if let defaultValue = parameter.defaultValue ?? field.defaultValue {
          arguments.append(defaultValue())
          continue
        }
        throw Failure(path: path, message: "Missing \"\(label)\".")
      }
      guard let defaultValue = parameter.defaultValue else {
        throw Failure(path: path, message: "Missing \"\(parameter.label ?? "_")\".")
      }
      arguments.append(defaultValue())
    }
    var value: Any
    do { value = try initializer.call(ShapeArguments(arguments)) } catch {
      throw Failure(path: path, message: "\(error)")
    }
    for field in shape.fields where !taken.contains(field.name) {
      guard let fieldData = object[field.name] else { continue }
      guard let set = field.set else {
        throw Failure(path: path, message: "\(_typeName(type)).\(field.name) is a 'let' its initializer doesn't take")
      }
      set(&value, try self.make(field.type, from: fieldData, path: path + [field.name]))
    }
    return value
  }

  private func makeEnum(_ type: Any.Type, _ shape: EnumShape, from data: DataValue, path: [String]) throws(Failure) -> Any {
    guard case let .object(object) = data, object.count == 1, let name = object.keys.first,
      case let .object(payload)? = object[name]
    else {
      throw Failure(path: path, message: "Expected a case of \(_typeName(type)), found \(data.kindDescription).")
    }
    guard let index = shape.cases.firstIndex(where: { $0.name == name }) else {
      throw Failure(path: path, message: "'\(name)' is not a case of \(_typeName(type)).")
    }
    var values: [Any] = []
    for (position, parameter) in shape.cases[index].payload.enumerated() {
      let key = parameter.label ?? "_\(position)"
      if let element = payload[key] {
        values.append(try self.make(parameter.type, from: element, path: path + [name, key]))
      } else if let defaultValue = parameter.defaultValue {
        values.append(defaultValue())
      } else if let optional = playgroundShape(of: parameter.type), case let .optional(shape) = optional {
        values.append(shape.make(nil))
      } else {
        throw Failure(path: path + [name], message: "Missing \"\(key)\".")
      }
    }
    return shape.make(index, ShapeArguments(values))
  }

  /// A value kept whole, as `type`: itself, or wrapped in the optional `type` is.
  private func opaque(_ value: Any, as type: Any.Type, path: [String]) throws(Failure) -> Any {
    if Swift.type(of: value) == type || type == Any.self { return value }
    if let shape = playgroundShape(of: type), case let .optional(optional) = shape,
      let wrapped = try? self.opaque(value, as: optional.wrapped, path: path)
    {
      return optional.make(wrapped)
    }
    if Self.isExistential(type, satisfiedBy: value) { return value }
    throw Failure(path: path, message: "Expected \(_typeName(type)), found a value of type \(_typeName(Swift.type(of: value))).")
  }

  /// Whether `type` is an existential (`any Error`) that `value` can stand in.
  private static func isExistential(_ type: Any.Type, satisfiedBy value: Any) -> Bool {
    type == (any Error).self && value is any Error
  }

  /// A literal where any type will do.
  static func untyped(_ data: DataValue) -> Any? {
    switch data {
    case let .bool(value): return value
    case let .int(value): return value
    case let .double(value): return value
    case let .string(value): return value
    default: return nil
    }
  }

  /// Types with no shape but a `Codable` conformance still build through it, until every type
  /// the playground meets has a shape.
  private func legacy(_ type: any Decodable.Type, from data: DataValue, path: [String]) throws(Failure) -> Any {
    do {
      return try DataValueDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      switch error {
      case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context),
        let .dataCorrupted(context):
        throw Failure(path: path + context.codingPath.map(\.stringValue), message: context.debugDescription)
      @unknown default:
        throw Failure(path: path, message: "can't build \(_typeName(type))")
      }
    } catch {
      throw Failure(path: path, message: "\(error)")
    }
  }
}
