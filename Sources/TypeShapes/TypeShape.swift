// TypeShapes: how the playground sees a type (its shape), with the shapes of the runtime's,
// the standard library's and Foundation's types, for the code the shape generator writes.
import ComposableArchitecture

/// How the playground sees a type: enough to read a value apart and to build one from typed
/// text, without `Codable` and without reflection tricks.
///
/// A type describes itself by conforming to ``PlaygroundShaped``, or is described in the
/// table ``PlaygroundTypes``; ``playgroundShape(of:)`` finds either. Nobody writes
/// these by hand: the playground's glue generator writes them from a module's source
/// (conformances for the built-in lessons at build time; for `:load`ed files at load time, calls
/// that fill the table, and conformances for generic types and types with private stored
/// properties), and this module provides conformances for the runtime's types and for the
/// standard library's and Foundation's usual ones.
///
/// ```swift
/// extension Counter.State: PlaygroundShaped {
///   public static var playgroundShape: TypeShape {
///     .struct(StructShape(
///       fields: [FieldShape("count", \Self.count, default: { 0 })],
///       make: { v in Self(count: v.at(0, \Self.count)) }
///     ))
///   }
/// }
/// ```
public enum TypeShape: @unchecked Sendable {
  /// A struct (or class) built from its stored properties by a memberwise initializer.
  case `struct`(StructShape)
  /// An enum: its cases, how to build each, and how to take a value apart.
  case `enum`(EnumShape)
  /// A value written as one literal: numbers, strings, booleans, `UUID`, `Date`, ids.
  case scalar(ScalarShape)
  /// `Optional` and types that behave like it (`PresentationState`).
  case optional(OptionalShape)
  /// An ordered collection built from an array of elements (`Array`, `Set`,
  /// `IdentifiedArray`, `StackState`).
  case sequence(SequenceShape)
  /// A dictionary.
  case dictionary(DictionaryShape)
}

/// A type that can describe its ``TypeShape`` to the playground.
public protocol PlaygroundShaped {
  /// The type's shape.
  static var playgroundShape: TypeShape { get }
  /// Static values and functions a script may call on the type (`Item.mock`,
  /// `Item.mocks(count: 3)`), and initializers other than the memberwise one.
  static var playgroundMembers: [StaticMember] { get }
  /// Read-only computed properties a script may read (`state.totalPrice`).
  static var playgroundProperties: [ComputedProperty] { get }
  /// Static members the module declares on other types specialised to this one, each with the
  /// type it is written on: `[Location].previews` from `extension [Location] { static let
  /// previews … }`, `AlertState<Feature.Action.Alert>.deleteConfirmation` from `extension
  /// AlertState where Action == Feature.Action.Alert { … }`.
  static var playgroundExtensionMembers: [ExtensionMember] { get }
  /// The `DependencyValues` properties a reducer reads with `@Dependency(\.name)`, which a
  /// test may set (`$0.apiClient.search = { … }`).
  static var playgroundDependencies: [DependencyShape] { get }
}

extension PlaygroundShaped {
  public static var playgroundMembers: [StaticMember] { [] }
  public static var playgroundProperties: [ComputedProperty] { [] }
  public static var playgroundExtensionMembers: [ExtensionMember] { [] }
  public static var playgroundDependencies: [DependencyShape] { [] }
}

// MARK: - Structs

/// A stored property that the memberwise initializer takes.
public struct FieldShape: @unchecked Sendable {
  /// The property's name as the initializer labels it (`alert` for `@Presents var alert`).
  public let name: String
  public let type: Any.Type
  /// The declared default value (`var count = 0`), or `nil` when the initializer needs one.
  public let defaultValue: (() -> Any)?
  /// Reads the property from a value of the owning type.
  public let get: (Any) -> Any
  /// Writes the property into a value of the owning type; `nil` for a `let`.
  public let set: ((inout Any, Any) -> Void)?
  /// The property's key path (`\State.count`), writable for a `var`.
  public let keyPath: AnyKeyPath
  /// For a closure-typed property (a dependency client's endpoint), how to build its value
  /// around a script's closure.
  public let endpoint: EndpointShape?

  /// A `let` (or a property without a setter).
  public init<Root, Value>(_ name: String, _ keyPath: KeyPath<Root, Value>, default defaultValue: (() -> Value)? = nil) {
    self.name = name
    self.type = Value.self
    self.defaultValue = defaultValue.map { make in { make() as Any } }
    self.get = { ($0 as! Root)[keyPath: keyPath] }
    self.set = nil
    self.keyPath = keyPath
    self.endpoint = nil
  }

  /// A `var`.
  public init<Root, Value>(_ name: String, _ keyPath: WritableKeyPath<Root, Value>, default defaultValue: (() -> Value)? = nil) {
    self.init(name, keyPath, defaultValue, nil)
  }

  /// A closure-typed `var` (a dependency client's endpoint), which a script may set to a closure.
  public init<Root, Value>(
    _ name: String, _ keyPath: WritableKeyPath<Root, Value>, default defaultValue: (() -> Value)? = nil,
    endpoint: EndpointShape
  ) {
    self.init(name, keyPath, defaultValue, endpoint)
  }

  private init<Root, Value>(
    _ name: String, _ keyPath: WritableKeyPath<Root, Value>, _ defaultValue: (() -> Value)?, _ endpoint: EndpointShape?
  ) {
    self.name = name
    self.type = Value.self
    self.defaultValue = defaultValue.map { make in { make() as Any } }
    self.get = { ($0 as! Root)[keyPath: keyPath] }
    self.set = { root, value in
      var typed = root as! Root
      typed[keyPath: keyPath] = value as! Value
      root = typed
    }
    self.keyPath = keyPath
    self.endpoint = endpoint
  }
}

/// A struct's stored properties and its memberwise initializer.
public struct StructShape: @unchecked Sendable {
  /// The memberwise initializer's parameters, in order.
  public let fields: [FieldShape]
  /// Calls the memberwise initializer with one value per field, in order; `nil` when the type
  /// has none the playground can call (it declares initializers of its own).
  public let make: ((ShapeArguments) throws -> Any)?

  public init(fields: [FieldShape], make: ((ShapeArguments) throws -> Any)?) {
    self.fields = fields
    self.make = make
  }
}

/// Argument values for a generated initializer or case constructor, already of the right types.
public struct ShapeArguments {
  public let values: [Any]

  public init(_ values: [Any]) {
    self.values = values
  }

  /// The value at `index`, as the type of the property `keyPath` names (which lets generated
  /// code avoid spelling types that were inferred: `var count = 0`).
  public func at<Root, Value>(_ index: Int, _ keyPath: KeyPath<Root, Value>) -> Value {
    self.values[index] as! Value
  }

  /// The value at `index` as `Value`.
  public func at<Value>(_ index: Int, as _: Value.Type = Value.self) -> Value {
    self.values[index] as! Value
  }
}

// MARK: - Enums

/// An enum's cases, their constructors, and how to take a value apart.
public struct EnumShape: @unchecked Sendable {
  public let cases: [CaseShape]
  /// Builds case `index` from its associated values.
  public let make: (_ index: Int, ShapeArguments) -> Any
  /// The case index of a value, and its associated values.
  public let destructure: (Any) -> (index: Int, values: [Any])

  public init(
    cases: [CaseShape], make: @escaping (_ index: Int, ShapeArguments) -> Any,
    destructure: @escaping (Any) -> (index: Int, values: [Any])
  ) {
    self.cases = cases
    self.make = make
    self.destructure = destructure
  }
}

/// An enum case and its associated values.
public struct CaseShape: @unchecked Sendable {
  public let name: String
  public let payload: [ParameterShape]

  public init(_ name: String, _ payload: [ParameterShape] = []) {
    self.name = name
    self.payload = payload
  }
}

/// A parameter of a function or an associated value of a case: its label (`nil` for `_`),
/// type and default value.
public struct ParameterShape: @unchecked Sendable {
  public let label: String?
  public let type: Any.Type
  public let defaultValue: (() -> Any)?

  public init<Value>(_ label: String?, _ type: Value.Type, default defaultValue: (() -> Value)? = nil) {
    self.label = label
    self.type = type
    self.defaultValue = defaultValue.map { make in { make() as Any } }
  }
}

// MARK: - Members

/// A static value or function of a type (`Item.mock`, `Item.mocks(count:)`), or an initializer
/// (named `init`).
public struct StaticMember: @unchecked Sendable {
  public let name: String
  /// `nil` for a value (written without parentheses).
  public let parameters: [ParameterShape]?
  public let resultType: Any.Type
  public let call: (ShapeArguments) throws -> Any

  /// A static value.
  public init<Result>(_ name: String, value: @escaping () -> Result) {
    self.name = name
    self.parameters = nil
    self.resultType = Result.self
    self.call = { _ in value() }
  }

  /// A static function or initializer.
  public init<Result>(
    _ name: String, parameters: [ParameterShape], result _: Result.Type = Result.self,
    call: @escaping (ShapeArguments) throws -> Result
  ) {
    self.name = name
    self.parameters = parameters
    self.resultType = Result.self
    self.call = { try call($0) }
  }
}

/// A static member declared in an extension of another type than the one listing it, and the
/// type it is written on (`[Location]` for `[Location].previews`).
public struct ExtensionMember: @unchecked Sendable {
  /// The type a script writes the member on.
  public let owner: Any.Type
  public let member: StaticMember

  /// `member`, written on `owner`.
  public init<Owner>(_ owner: Owner.Type, _ member: StaticMember) {
    self.owner = owner
    self.member = member
  }
}

/// A read-only computed property (`state.totalPrice`).
public struct ComputedProperty: @unchecked Sendable {
  public let name: String
  public let type: Any.Type
  public let get: (Any) -> Any

  public init<Root, Value>(_ name: String, _ keyPath: KeyPath<Root, Value>) {
    self.name = name
    self.type = Value.self
    self.get = { ($0 as! Root)[keyPath: keyPath] }
  }
}

// MARK: - Scalars and containers

/// A literal a scalar is written as.
public enum ShapeLiteral: Equatable, Sendable {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
}

/// A value written as one literal.
public struct ScalarShape: @unchecked Sendable {
  /// The value for a literal, or `nil` when this kind of literal can't make one.
  public let make: (ShapeLiteral) -> Any?
  /// The literal that writes a value.
  public let literal: (Any) -> ShapeLiteral

  public init(make: @escaping (ShapeLiteral) -> Any?, literal: @escaping (Any) -> ShapeLiteral) {
    self.make = make
    self.literal = literal
  }
}

/// An optional (or a wrapper that reads as one).
public struct OptionalShape: @unchecked Sendable {
  public let wrapped: Any.Type
  public let make: (Any?) -> Any
  public let unwrap: (Any) -> Any?

  public init(wrapped: Any.Type, make: @escaping (Any?) -> Any, unwrap: @escaping (Any) -> Any?) {
    self.wrapped = wrapped
    self.make = make
    self.unwrap = unwrap
  }
}

/// A collection built from, and read as, an array of elements.
public struct SequenceShape: @unchecked Sendable {
  public let element: Any.Type
  public let make: ([Any]) throws -> Any
  public let elements: (Any) -> [Any]

  public init(element: Any.Type, make: @escaping ([Any]) throws -> Any, elements: @escaping (Any) -> [Any]) {
    self.element = element
    self.make = make
    self.elements = elements
  }
}

/// A dictionary built from, and read as, key-value pairs.
public struct DictionaryShape: @unchecked Sendable {
  public let key: Any.Type
  public let value: Any.Type
  public let make: ([(Any, Any)]) throws -> Any
  public let pairs: (Any) -> [(Any, Any)]

  public init(
    key: Any.Type, value: Any.Type, make: @escaping ([(Any, Any)]) throws -> Any, pairs: @escaping (Any) -> [(Any, Any)]
  ) {
    self.key = key
    self.value = value
    self.make = make
    self.pairs = pairs
  }
}

/// Why a value couldn't be built.
public struct ShapeError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
