/// A value in the interpreter's neutral representation: the shape Swift's `Codable` sees.
///
/// Text the user types is resolved into a `DataValue` against the expected Swift type, then
/// decoded into a real Swift value with ``DataValueDecoder``. Swift values (presets, state) are
/// turned back into `DataValue`s with ``DataValueEncoder`` when they must be embedded or edited.
///
/// Enum cases are objects keyed by the case name, as Swift's synthesized `Codable` encodes them:
/// `.child(id: 2, action: .toggle)` is `["child": ["id": 2, "action": ["toggle": [:]]]]`.
public indirect enum DataValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([DataValue])
  case object(DataObject)
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
    }
  }
}
