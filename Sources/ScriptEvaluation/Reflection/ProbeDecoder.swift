/// Records what a type's `init(from:)` asks of its decoder: the keys, their types, and whether
/// they are optional.
package final class ProbeRecorder {
  package enum Shape { case keyed, unkeyed, single }

  package var shape: Shape?
  var topLevelFields: [TypeSchema.Field] = []
  var nestedFields: [String: [TypeSchema.Field]] = [:]
  package var elementType: (any Any.Type)?
  var optionalKeys: Set<String> = []

  func payloadFields(ofCase name: String) -> [TypeSchema.Field] {
    self.nestedFields[name] ?? []
  }
}

/// A decoder that answers every request with a placeholder value and records the request.
///
/// Used once per type (and once per enum case) to learn a `Decodable` type's shape. For an enum
/// it presents exactly one key, the case being probed, so the synthesized initializer decodes
/// that case's payload through a nested container, revealing labels and types.
struct ProbeDecoder: Decoder {
  package let recorder: ProbeRecorder?
  package let enumCase: String?
  let depth: Int
  var parentKey: String?
  var codingPath: [any CodingKey] { [] }
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  package init(recorder: ProbeRecorder?, enumCase: String?, depth: Int, parentKey: String? = nil) {
    self.recorder = recorder
    self.enumCase = enumCase
    self.depth = depth
    self.parentKey = parentKey
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard self.depth < 24 else { throw ProbeError.tooDeep }
    if self.parentKey == nil, self.recorder?.shape == nil { self.recorder?.shape = .keyed }
    return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if self.parentKey == nil, self.recorder?.shape == nil { self.recorder?.shape = .unkeyed }
    return ProbeUnkeyedContainer(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    if self.parentKey == nil, self.recorder?.shape == nil { self.recorder?.shape = .single }
    return ProbeSingleValueContainer(decoder: self)
  }

  /// A placeholder instance of `T`, made by probing `T` itself (without recording).
  func placeholder<T: Decodable>(_ type: T.Type) throws -> T {
    if let value = placeholderPrimitive(T.self) { return value }
    var caseName: String?
    if TypeMetadata.kind(of: T.self) == .enum, let names = TypeMetadata.enumCaseNames(of: T.self) {
      // Prefer a case without payload, to keep recursive enums finite: empty cases come last.
      for name in names.reversed() {
        if let value = try? T(from: ProbeDecoder(recorder: nil, enumCase: name, depth: self.depth + 1)) {
          return value
        }
      }
      caseName = names.first
    }
    return try T(from: ProbeDecoder(recorder: nil, enumCase: caseName, depth: self.depth + 1))
  }

  /// Records a field. An optional field is recorded with an `Optional` type, so that `nil` can
  /// be written to it.
  package func record(_ key: String, _ type: Any.Type, optional: Bool) {
    guard let recorder = self.recorder else { return }
    let fieldType = optional && !(type is any _OptionalType.Type) ? optionalType(wrapping: type) : type
    let field = TypeSchema.Field(name: key, type: fieldType, isOptional: optional)
    if let parentKey = self.parentKey {
      recorder.nestedFields[parentKey, default: []].append(field)
    } else {
      recorder.topLevelFields.append(field)
    }
  }
}

enum ProbeError: Error { case tooDeep }

private let zeroUUID = "00000000-0000-0000-0000-000000000000"

private func placeholderPrimitive<T>(_ type: T.Type) -> T? {
  switch T.self {
  case is Bool.Type: return false as? T
  case is String.Type: return zeroUUID as? T
  case is Double.Type: return 0.0 as? T
  case is Float.Type: return Float(0) as? T
  case is Int.Type: return 0 as? T
  case is Int8.Type: return Int8(0) as? T
  case is Int16.Type: return Int16(0) as? T
  case is Int32.Type: return Int32(0) as? T
  case is Int64.Type: return Int64(0) as? T
  case is UInt.Type: return UInt(0) as? T
  case is UInt8.Type: return UInt8(0) as? T
  case is UInt16.Type: return UInt16(0) as? T
  case is UInt32.Type: return UInt32(0) as? T
  case is UInt64.Type: return UInt64(0) as? T
  default: return nil
  }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ProbeDecoder
  var codingPath: [any CodingKey] { [] }

  var allKeys: [Key] {
    guard let enumCase = self.decoder.enumCase, self.decoder.parentKey == nil else { return [] }
    return Key(stringValue: enumCase).map { [$0] } ?? []
  }

  package func contains(_ key: Key) -> Bool { true }

  /// `decodeIfPresent` for standard-library scalars goes through `decodeNil` then `decode`:
  /// answering "not nil" lets `decode` record the type, marked optional.
  func decodeNil(forKey key: Key) throws -> Bool {
    self.decoder.recorder?.optionalKeys.insert(key.stringValue)
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let isOptional = T.self is any _OptionalType.Type
      || self.decoder.recorder?.optionalKeys.contains(key.stringValue) == true
    self.decoder.record(key.stringValue, T.self, optional: isOptional)
    return try self.decoder.placeholder(T.self)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    self.decoder.record(key.stringValue, T.self, optional: true)
    return nil
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    var nested = ProbeDecoder(recorder: self.decoder.recorder, enumCase: nil, depth: self.decoder.depth + 1)
    nested.parentKey = key.stringValue
    if self.decoder.recorder != nil, self.decoder.recorder?.nestedFields[key.stringValue] == nil {
      self.decoder.recorder?.nestedFields[key.stringValue] = []
    }
    return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: nested))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    ProbeUnkeyedContainer(decoder: ProbeDecoder(recorder: nil, enumCase: nil, depth: self.decoder.depth + 1))
  }

  func superDecoder() throws -> any Decoder {
    ProbeDecoder(recorder: nil, enumCase: nil, depth: self.decoder.depth + 1)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ProbeDecoder(recorder: nil, enumCase: nil, depth: self.decoder.depth + 1)
  }
}

/// Reports an empty collection; records the element type if asked to decode one.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ProbeDecoder
  var codingPath: [any CodingKey] { [] }
  package var count: Int? { 0 }
  var isAtEnd: Bool { true }
  var currentIndex: Int { 0 }

  mutating func decodeNil() throws -> Bool { true }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "probe"))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "probe"))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "probe"))
  }

  mutating func superDecoder() throws -> any Decoder {
    throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "probe"))
  }
}

struct ProbeSingleValueContainer: SingleValueDecodingContainer {
  let decoder: ProbeDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try self.decoder.placeholder(T.self)
  }
}

/// `Optional<T>.self` for a type known only at run time.
func optionalType(wrapping type: Any.Type) -> Any.Type {
  func open<T>(_: T.Type) -> Any.Type { Optional<T>.self }
  return _openExistential(type, do: open)
}
