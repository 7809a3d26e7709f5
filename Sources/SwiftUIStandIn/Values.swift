/// A color as its components (or its name, for the named and system colors).
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var description: String

  init(named name: String) { self.description = name }

  public init(_ name: String) { self.description = "Color(\"\(name)\")" }
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.description = "Color(red: \(red), green: \(green), blue: \(blue), opacity: \(opacity))"
  }
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    self.description = "Color(hue: \(hue), saturation: \(saturation), brightness: \(brightness), opacity: \(opacity))"
  }
  public init(white: Double, opacity: Double = 1) {
    self.description = "Color(white: \(white), opacity: \(opacity))"
  }

  public func opacity(_ opacity: Double) -> Color { Color(named: "\(self.description).opacity(\(opacity))") }

  public static let accentColor = Color(named: "accentColor")
  public static let primary = Color(named: "primary")
  public static let secondary = Color(named: "secondary")
  public static let clear = Color(named: "clear")
  public static let black = Color(named: "black")
  public static let white = Color(named: "white")
  public static let gray = Color(named: "gray")
  public static let red = Color(named: "red")
  public static let orange = Color(named: "orange")
  public static let yellow = Color(named: "yellow")
  public static let green = Color(named: "green")
  public static let mint = Color(named: "mint")
  public static let teal = Color(named: "teal")
  public static let cyan = Color(named: "cyan")
  public static let blue = Color(named: "blue")
  public static let indigo = Color(named: "indigo")
  public static let purple = Color(named: "purple")
  public static let pink = Color(named: "pink")
  public static let brown = Color(named: "brown")
}

/// Whether a list is being edited.
public enum EditMode: Hashable, Sendable {
  case inactive, transient, active

  public var isEditing: Bool { self != .inactive }
}

/// The light or dark appearance.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  case light, dark
}

/// Whether a scene is in the foreground, active or not, or in the background.
public enum ScenePhase: Hashable, Sendable, Comparable {
  case background, inactive, active
}

/// A key into an app's string tables: here, the text itself.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  public var description: String

  public init(_ value: String) { self.description = value }
  public init(stringLiteral value: String) { self.description = value }
  public init(stringInterpolation: DefaultStringInterpolation) { self.description = String(stringInterpolation: stringInterpolation) }
}

/// A value read and written through closures: what state code hands a view, or a helper.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  private let get: () -> Value
  private let set: (Value, Transaction?) -> Void
  /// The transaction changes through this binding are made in (`animation(_:)`).
  public var transaction: Transaction?

  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = { value, _ in set(value) }
  }
  public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
    self.get = get
    self.set = { value, transaction in set(value, transaction ?? Transaction()) }
  }
  public init(projectedValue: Binding<Value>) { self = projectedValue }

  /// A binding that reads `value` and ignores writes.
  public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { (_: Value) in }) }

  public var wrappedValue: Value {
    get { self.get() }
    nonmutating set {
      if let transaction = self.transaction {
        withTransaction(transaction) { self.set(newValue, transaction) }
      } else {
        self.set(newValue, nil)
      }
    }
  }
  public var projectedValue: Binding<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
  }

  /// This binding, whose changes are made with `animation`.
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    self.transaction(Transaction(animation: animation))
  }
  public func transaction(_ transaction: Transaction) -> Binding<Value> {
    var binding = self
    binding.transaction = transaction
    return binding
  }
}
