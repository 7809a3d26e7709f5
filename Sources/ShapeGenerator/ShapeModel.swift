/// Stage two's output: what the conformance of one type says, as plain data, every type name
/// and expression already spelled as the generated extension must write it.
struct TypeModel: Equatable {
  /// The type the extension extends: `Parent.Child`.
  var qualifiedName: String
  /// The file the type is declared in.
  var fileIndex: Int
  /// The `#if` conditions the conformance must sit under.
  var conditions: [String]
  /// Whether the type is described in its file's table function (calls to `PlaygroundTypes`)
  /// (`ShapeModeler.isDescribedInTable(_:)`) rather than by a conformance: then every name in
  /// the model is spelled for file scope, and the emitter writes the type's name for `Self`.
  var isInTable = false
  var shape: Shape
  var members: [MemberModel]
  /// Names of readable computed properties.
  var properties: [String]
  /// Static members the module declares in extensions of other types specialised to this one
  /// (`extension [Location] { static let previews … }` on `Location`).
  var extensionMembers: [ExtensionMemberModel] = []
  /// The `DependencyValues` paths its `@Dependency(\.name)` properties read (`apiClient`,
  /// `date.now`).
  var dependencies: [String] = []

  enum Shape: Equatable {
    /// A struct: its memberwise fields, and whether the memberwise initializer may be called.
    case `struct`(fields: [FieldModel], canMake: Bool)
    case `enum`(cases: [CaseModel])
  }
}

/// A parameter of the memberwise initializer.
struct FieldModel: Equatable {
  var name: String
  /// The default value's expression.
  var defaultValue: String?
  /// For a closure-typed `var`, the closure's signature.
  var endpoint: EndpointModel?
}

/// The signature of a closure-typed stored property, as much of it as a generated closure of
/// that type needs to spell (its types come from the property's key path).
struct EndpointModel: Equatable {
  var arity: Int
  var isAsync: Bool
  var isThrowing: Bool
  /// Whether the type is `@Sendable` (the generated closure says so: Swift doesn't infer it
  /// there).
  var isSendable: Bool
}

/// A function parameter or an associated value.
struct ParameterModel: Equatable {
  /// `nil` for an unlabeled one.
  var label: String?
  /// The metatype expression: `Int.self`.
  var metatype: String
  var defaultValue: String?
}

/// An enum case.
struct CaseModel: Equatable {
  var name: String
  var parameters: [ParameterModel]
}

/// A static value or function, or an initializer.
struct MemberModel: Equatable {
  enum Kind: Equatable {
    case value
    case function(parameters: [ParameterModel], throws: Bool)
    case initializer(parameters: [ParameterModel], throws: Bool)
  }

  var name: String
  var kind: Kind
}

/// A static member of an extension of a type the module doesn't declare, specialised to one it
/// does: `previews` of `extension [Location]`, written on `Array<Location>`.
struct ExtensionMemberModel: Equatable {
  /// The concrete type the member is written on, as generated code spells it:
  /// `Array<Location>`, `AlertState<Todos.Action.Alert>`.
  var owner: String
  var member: MemberModel
}
