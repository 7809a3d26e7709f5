/// Encodes Swift values into ``DataValue``s through their `Encodable` conformance.
public struct DataValueEncoder {
  public init() {}

  public func encode(_ value: any Encodable) throws -> DataValue {
    let root = _EncodingNode()
    try value.encode(to: _DataEncoder(node: root, codingPath: []))
    return root.value
  }
}

/// A mutable slot the encoder containers write into.
final class _EncodingNode {
  package enum Storage {
    case empty
    case value(DataValue)
    case object([(String, _EncodingNode)])
    case array([_EncodingNode])
  }

  package var storage: Storage = .empty

  package var value: DataValue {
    switch self.storage {
    case .empty: return .object(DataObject())
    case let .value(value): return value
    case let .object(pairs): return .object(DataObject(pairs.map { ($0.0, $0.1.value) }))
    case let .array(nodes): return .array(nodes.map(\.value))
    }
  }

  func child(forKey key: String) -> _EncodingNode {
    var pairs: [(String, _EncodingNode)] = []
    if case let .object(existing) = self.storage { pairs = existing }
    if let existing = pairs.first(where: { $0.0 == key }) { return existing.1 }
    let node = _EncodingNode()
    pairs.append((key, node))
    self.storage = .object(pairs)
    return node
  }

  func appendChild() -> _EncodingNode {
    var nodes: [_EncodingNode] = []
    if case let .array(existing) = self.storage { nodes = existing }
    let node = _EncodingNode()
    nodes.append(node)
    self.storage = .array(nodes)
    return node
  }

  func makeObject() {
    if case .object = self.storage { return }
    self.storage = .object([])
  }

  func makeArray() {
    if case .array = self.storage { return }
    self.storage = .array([])
  }
}

struct _DataEncoder: Encoder {
  let node: _EncodingNode
  let codingPath: [any CodingKey]
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    self.node.makeObject()
    return KeyedEncodingContainer(_KeyedEncodingContainer<Key>(node: self.node, codingPath: self.codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    self.node.makeArray()
    return _UnkeyedEncodingContainer(node: self.node, codingPath: self.codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    _SingleValueEncodingContainer(node: self.node, codingPath: self.codingPath)
  }
}

private func primitiveValue(_ value: Any) -> DataValue? {
  switch value {
  case let v as Bool: return .bool(v)
  case let v as String: return .string(v)
  case let v as Double: return .double(v)
  case let v as Float: return .double(Double(v))
  case let v as Int: return .int(v)
  case let v as Int8: return .int(Int(v))
  case let v as Int16: return .int(Int(v))
  case let v as Int32: return .int(Int(v))
  case let v as Int64: return .int(Int(v))
  case let v as UInt: return Int(exactly: v).map(DataValue.int) ?? .double(Double(v))
  case let v as UInt8: return .int(Int(v))
  case let v as UInt16: return .int(Int(v))
  case let v as UInt32: return .int(Int(v))
  case let v as UInt64: return Int(exactly: v).map(DataValue.int) ?? .double(Double(v))
  default: return nil
  }
}

private func encodeValue(_ value: some Encodable, into node: _EncodingNode, codingPath: [any CodingKey]) throws {
  if let primitive = primitiveValue(value) {
    node.storage = .value(primitive)
  } else {
    try value.encode(to: _DataEncoder(node: node, codingPath: codingPath))
  }
}

struct _KeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: _EncodingNode
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws {
    self.node.child(forKey: key.stringValue).storage = .value(.null)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encodeValue(value, into: self.node.child(forKey: key.stringValue), codingPath: self.codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = self.node.child(forKey: key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(_KeyedEncodingContainer<NestedKey>(node: child, codingPath: self.codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = self.node.child(forKey: key.stringValue)
    child.makeArray()
    return _UnkeyedEncodingContainer(node: child, codingPath: self.codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    _DataEncoder(node: self.node.child(forKey: "super"), codingPath: self.codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    _DataEncoder(node: self.node.child(forKey: key.stringValue), codingPath: self.codingPath + [key])
  }
}

struct _UnkeyedEncodingContainer: UnkeyedEncodingContainer {
  let node: _EncodingNode
  let codingPath: [any CodingKey]
  package var count: Int {
    if case let .array(nodes) = self.node.storage { return nodes.count }
    return 0
  }

  mutating func encodeNil() throws {
    self.node.appendChild().storage = .value(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = self.codingPath + [AnyCodingKey(intValue: self.count)]
    try encodeValue(value, into: self.node.appendChild(), codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = self.node.appendChild()
    child.makeObject()
    return KeyedEncodingContainer(_KeyedEncodingContainer<NestedKey>(node: child, codingPath: self.codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = self.node.appendChild()
    child.makeArray()
    return _UnkeyedEncodingContainer(node: child, codingPath: self.codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    _DataEncoder(node: self.node.appendChild(), codingPath: self.codingPath)
  }
}

struct _SingleValueEncodingContainer: SingleValueEncodingContainer {
  let node: _EncodingNode
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws {
    self.node.storage = .value(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encodeValue(value, into: self.node, codingPath: self.codingPath)
  }
}
