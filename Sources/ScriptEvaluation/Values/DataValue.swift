import CustomDump

/// A value in the interpreter's neutral representation: fields by name, cases by name, elements
/// in order, scalars as literals.
///
/// Text the user types is resolved into a `DataValue` against the expected Swift type, then
/// built into a real Swift value with ``ValueMaker``. Swift values (presets, state) are read
/// back into `DataValue`s with ``ValueReader`` when they must be embedded or edited. Both go
/// through the types' shapes (`playgroundShape(of:)`), not through `Codable`.
///
/// Enum cases are objects keyed by the case name: `.child(id: 2, action: .toggle)` is
/// `["child": ["id": 2, "action": ["toggle": [:]]]]`; unlabeled associated values are `_0`, `_1`.
/// A value the playground can't take apart (a closure, `any Error`, a class) stays whole as
/// ``OpaqueValue``, so it survives edits to the values around it.
public indirect enum DataValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([DataValue])
  case object(DataObject)
  case opaque(OpaqueValue)
}

/// A Swift value kept whole inside a ``DataValue``.
public final class OpaqueValue: Equatable, @unchecked Sendable {
  public let value: Any

  public init(_ value: Any) {
    self.value = value
  }

  /// The same box, or values of one type that dump alike.
  public static func == (lhs: OpaqueValue, rhs: OpaqueValue) -> Bool {
    lhs === rhs
      || (type(of: lhs.value) == type(of: rhs.value) && String(customDumping: lhs.value) == String(customDumping: rhs.value))
  }
}

/// An ordered string-keyed object (field order matters for printing and errors).
public struct DataObject: Equatable, Sendable {
  public private(set) var keys: [String] = []
  private var storage: [String: DataValue] = [:]

  public init() {}

  public init(_ pairs: [(String, DataValue)]) {
    for (key, value) in pairs { self[key] = value }
  }

  public subscript(key: String) -> DataValue? {
    get { self.storage[key] }
    set {
      if let newValue {
        if self.storage.updateValue(newValue, forKey: key) == nil { self.keys.append(key) }
      } else if self.storage.removeValue(forKey: key) != nil {
        self.keys.removeAll { $0 == key }
      }
    }
  }

  public var count: Int { self.keys.count }
  public var pairs: [(String, DataValue)] { self.keys.map { ($0, self.storage[$0]!) } }
}

extension DataValue {
  /// A short description of the value's kind, for error messages.
  var kindDescription: String {
    switch self {
    case .null: return "nil"
    case .bool: return "a boolean"
    case .int: return "an integer"
    case .double: return "a floating-point number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "a value"
    case let .opaque(box): return "a value of type \(_typeName(type(of: box.value)))"
    }
  }
}
