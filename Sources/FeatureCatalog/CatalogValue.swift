import TypeShapes
/// A static value or function a script may call: `ProductCardState.mock`,
/// `PromoState.mocks(numberOfMocks: 3)`.
public struct CatalogValue: @unchecked Sendable {
  /// The type the member is written on (`PromoState` in `PromoState.mocks(…)`).
  public let owner: Any.Type
  public let name: String
  /// Argument labels and types; `nil` for a value (no parentheses).
  public let parameters: [(label: String?, type: Any.Type)]?
  public let resultType: Any.Type
  public let summary: String
  /// Default values of parameters a call may leave out, by position.
  public let defaults: [Int: () -> Any]
  let body: ([Any]) throws -> Any

  /// A member with every part given: what the catalog's own factories and a type's generated
  /// shape members (`playgroundMembers(of:)`) turn into.
  public init(
    owner: Any.Type, name: String, parameters: [(label: String?, type: Any.Type)]?, resultType: Any.Type,
    summary: String = "", defaults: [Int: () -> Any] = [:], body: @escaping ([Any]) throws -> Any
  ) {
    self.owner = owner
    self.name = name
    self.parameters = parameters
    self.resultType = resultType
    self.summary = summary
    self.defaults = defaults
    self.body = body
  }

  /// Calls the function with arguments already converted to the parameter types.
  public func call(_ arguments: [Any]) throws -> Any {
    try self.body(arguments)
  }

  /// A static value: `CatalogValue.value(ProductCardState.self, "mock") { .mock }`.
  public static func value<Owner, Result>(
    _ owner: Owner.Type, _ name: String, summary: String = "", _ value: @escaping () -> Result
  ) -> Self {
    Self(owner: owner, name: name, parameters: nil, resultType: Result.self, summary: summary) { _ in value() }
  }

  /// A static function of one argument.
  public static func function<Owner, A, Result>(
    _ owner: Owner.Type, _ name: String, labels: [String?], summary: String = "",
    _ body: @escaping (A) throws -> Result
  ) -> Self {
    Self(
      owner: owner, name: name, parameters: [(labels.first ?? nil, A.self)], resultType: Result.self,
      summary: summary
    ) { args in
      guard let a = args.first as? A else { throw CatalogError.argumentType }
      return try body(a)
    }
  }

  /// A static function of two arguments.
  public static func function<Owner, A, B, Result>(
    _ owner: Owner.Type, _ name: String, labels: [String?], summary: String = "",
    _ body: @escaping (A, B) throws -> Result
  ) -> Self {
    let labels = labels + [nil, nil]
    return Self(
      owner: owner, name: name, parameters: [(labels[0], A.self), (labels[1], B.self)],
      resultType: Result.self, summary: summary
    ) { args in
      guard args.count == 2, let a = args[0] as? A, let b = args[1] as? B else { throw CatalogError.argumentType }
      return try body(a, b)
    }
  }
}

/// A computed property a script may read: `store.state.totalPrice`.
public struct ComputedProperty: @unchecked Sendable {
  public let owner: Any.Type
  public let name: String
  public let resultType: Any.Type
  let body: (Any) -> Any?

  /// A property of a type known only at run time.
  public init(owner: Any.Type, name: String, resultType: Any.Type, read: @escaping (Any) -> Any) {
    self.owner = owner
    self.name = name
    self.resultType = resultType
    self.body = { read($0) }
  }

  public init<Owner, Value>(_ owner: Owner.Type, _ name: String, _ body: @escaping (Owner) -> Value) {
    self.owner = owner
    self.name = name
    self.resultType = Value.self
    self.body = { ($0 as? Owner).map(body) }
  }

  /// Reads the property from a value of the owner type.
  public func read(_ value: Any) -> Any? {
    self.body(value)
  }
}

/// Declared default values of a type's fields, used when a script's memberwise initializer
/// leaves them out: `FieldDefaults(PromoState.self, ["isSelected": false])`.
public struct FieldDefaults: @unchecked Sendable {
  public let owner: Any.Type
  public let values: [String: Any]

  public init<Owner>(_ owner: Owner.Type, _ values: [String: Any]) {
    self.owner = owner
    self.values = values
    self.template = nil
  }

  /// Every field's default taken from an instance made with the type's defaults:
  /// `FieldDefaults(DemoForEachState())`.
  public init<Owner>(_ template: Owner) {
    self.owner = Owner.self
    self.values = [:]
    self.template = template
  }

  /// An instance whose fields are the defaults, if the defaults were given that way.
  public let template: Any?
}

/// A text rendering of a feature's screen, one line per row, for `:view`.
public struct FeatureView: @unchecked Sendable {
  public let stateType: Any.Type
  let body: (Any) -> [FeatureView.Row]?

  /// A row of the rendered screen; `id` identifies it across renders (so the REPL can say which
  /// rows were inserted, updated, removed or moved).
  public struct Row: Equatable, Sendable {
    public var id: String
    public var text: String
    public init(id: String, text: String) {
      self.id = id
      self.text = text
    }
  }

  public init<State>(_ stateType: State.Type, _ body: @escaping (State) -> [Row]) {
    self.stateType = stateType
    self.body = { ($0 as? State).map(body) }
  }

  public func render(_ state: Any) -> [Row]? {
    self.body(state)
  }
}

enum CatalogError: Error, CustomStringConvertible {
  case argumentType
  var description: String { "an argument has the wrong type" }
}
