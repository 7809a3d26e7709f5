import Foundation

/// Decodes Swift values from ``DataValue``s through their `Decodable` conformance.
///
/// Written for the interpreter rather than reusing `JSONDecoder` so that values need no
/// serialization round trip (microseconds per action), integers stay exact, and errors carry the
/// coding path the resolver maps back to source positions.
public struct DataValueDecoder {
  public init() {}

  public func decode(_ type: any Decodable.Type, from value: DataValue) throws -> Any {
    try type.init(from: _DataDecoder(value: value, codingPath: []))
  }

  public func decode<T: Decodable>(_ type: T.Type, from value: DataValue) throws -> T {
    try T(from: _DataDecoder(value: value, codingPath: []))
  }
}

struct AnyCodingKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int?
  package init(stringValue: String) { self.stringValue = stringValue }
  package init(intValue: Int) {
    self.stringValue = "\(intValue)"
    self.intValue = intValue
  }
  package init(_ string: String) { self.stringValue = string }
}

struct _DataDecoder: Decoder {
  package let value: DataValue
  let codingPath: [any CodingKey]
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case let .object(object) = self.value else {
      throw DecodingError.typeMismatch(
        DataObject.self,
        .init(codingPath: self.codingPath, debugDescription: "Expected a value with fields, found \(self.value.kindDescription).")
      )
    }
    return KeyedDecodingContainer(_KeyedContainer<Key>(object: object, codingPath: self.codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch self.value {
    case let .array(elements):
      return _UnkeyedContainer(elements: elements, codingPath: self.codingPath)
    case let .object(object):
      // Dictionaries with non-string keys decode from alternating key/value arrays.
      return _UnkeyedContainer(
        elements: object.pairs.flatMap { [DataValue.string($0.0), $0.1] }, codingPath: self.codingPath
      )
    default:
      throw DecodingError.typeMismatch(
        [Any].self,
        .init(codingPath: self.codingPath, debugDescription: "Expected an array, found \(self.value.kindDescription).")
      )
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    _SingleValueContainer(value: self.value, codingPath: self.codingPath)
  }
}

private func decodePrimitive<T>(_ type: T.Type, _ value: DataValue, _ codingPath: [any CodingKey]) throws -> T {
  func mismatch() -> DecodingError {
    .typeMismatch(
      T.self,
      .init(codingPath: codingPath, debugDescription: "Expected \(T.self), found \(value.kindDescription).")
    )
  }
  switch (T.self, value) {
  case (is Bool.Type, .bool(let b)): return b as! T
  case (is String.Type, .string(let s)): return s as! T
  case (is Double.Type, .double(let d)): return d as! T
  case (is Double.Type, .int(let i)): return Double(i) as! T
  case (is Float.Type, .double(let d)): return Float(d) as! T
  case (is Float.Type, .int(let i)): return Float(i) as! T
  case (is Int.Type, .int(let i)): return i as! T
  case (is Int.Type, .double(let d)) where d.rounded() == d && abs(d) < 9e18: return Int(d) as! T
  default: break
  }
  guard case let .int(i) = value else { throw mismatch() }
  func exact<I: FixedWidthInteger>(_: I.Type) throws -> T {
    guard let v = I(exactly: i) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "\(i) does not fit in \(I.self).")
      )
    }
    return v as! T
  }
  switch T.self {
  case is Int8.Type: return try exact(Int8.self)
  case is Int16.Type: return try exact(Int16.self)
  case is Int32.Type: return try exact(Int32.self)
  case is Int64.Type: return try exact(Int64.self)
  case is UInt.Type: return try exact(UInt.self)
  case is UInt8.Type: return try exact(UInt8.self)
  case is UInt16.Type: return try exact(UInt16.self)
  case is UInt32.Type: return try exact(UInt32.self)
  case is UInt64.Type: return try exact(UInt64.self)
  default: throw mismatch()
  }
}

struct _KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  package let object: DataObject
  let codingPath: [any CodingKey]

  var allKeys: [Key] { self.object.keys.compactMap { Key(stringValue: $0) } }

  package func contains(_ key: Key) -> Bool { self.object[key.stringValue] != nil }

  private func value(for key: Key) throws -> DataValue {
    guard let value = self.object[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: self.codingPath, debugDescription: "Missing \"\(key.stringValue)\".")
      )
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let value = self.object[key.stringValue] else { return true }
    return value == .null
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let value = try self.value(for: key)
    let path = self.codingPath + [key]
    if T.self is any _DataPrimitive.Type {
      return try decodePrimitive(T.self, value, path)
    }
    return try T(from: _DataDecoder(value: value, codingPath: path))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try _DataDecoder(value: self.value(for: key), codingPath: self.codingPath + [key])
      .container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try _DataDecoder(value: self.value(for: key), codingPath: self.codingPath + [key])
      .unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    _DataDecoder(value: self.object["super"] ?? .null, codingPath: self.codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    _DataDecoder(value: self.object[key.stringValue] ?? .null, codingPath: self.codingPath + [key])
  }
}

struct _UnkeyedContainer: UnkeyedDecodingContainer {
  package let elements: [DataValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  package init(elements: [DataValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  package var count: Int? { self.elements.count }
  var isAtEnd: Bool { self.currentIndex >= self.elements.count }

  private mutating func next() throws -> (DataValue, [any CodingKey]) {
    guard !self.isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self, .init(codingPath: self.codingPath, debugDescription: "Unkeyed container is at end.")
      )
    }
    defer { self.currentIndex += 1 }
    return (self.elements[self.currentIndex], self.codingPath + [AnyCodingKey(intValue: self.currentIndex)])
  }

  mutating func decodeNil() throws -> Bool {
    guard !self.isAtEnd, self.elements[self.currentIndex] == .null else { return false }
    self.currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, path) = try self.next()
    if T.self is any _DataPrimitive.Type {
      return try decodePrimitive(T.self, value, path)
    }
    return try T(from: _DataDecoder(value: value, codingPath: path))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (value, path) = try self.next()
    return try _DataDecoder(value: value, codingPath: path).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, path) = try self.next()
    return try _DataDecoder(value: value, codingPath: path).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, path) = try self.next()
    return _DataDecoder(value: value, codingPath: path)
  }
}

struct _SingleValueContainer: SingleValueDecodingContainer {
  package let value: DataValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { self.value == .null }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self is any _DataPrimitive.Type {
      return try decodePrimitive(T.self, self.value, self.codingPath)
    }
    return try T(from: _DataDecoder(value: self.value, codingPath: self.codingPath))
  }
}

/// The scalar types containers decode directly.
protocol _DataPrimitive {}
extension Bool: _DataPrimitive {}
extension String: _DataPrimitive {}
extension Double: _DataPrimitive {}
extension Float: _DataPrimitive {}
extension Int: _DataPrimitive {}
extension Int8: _DataPrimitive {}
extension Int16: _DataPrimitive {}
extension Int32: _DataPrimitive {}
extension Int64: _DataPrimitive {}
extension UInt: _DataPrimitive {}
extension UInt8: _DataPrimitive {}
extension UInt16: _DataPrimitive {}
extension UInt32: _DataPrimitive {}
extension UInt64: _DataPrimitive {}
