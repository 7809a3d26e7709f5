import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`: conforms a struct to `Reducer`, or turns an enum of reducers into a
/// `CaseReducer` with `State` and `Action` enums, a `body` and a `scope`.
public enum ReducerMacro {}

extension ReducerMacro: ConformanceMacro {
  public static func conformances(
    of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> String? {
    if declaration.inherits(anyOf: ["Reducer"].qualified()) {
      return nil
    }
    return declaration.is(EnumDeclSyntax.self)
      ? "ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer"
      : "ComposableArchitecture.Reducer"
  }
}

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }

    if let enumDecl = member.as(EnumDeclSyntax.self) {
      var attributes: [String]
      switch enumDecl.name.text {
      case "State": attributes = ["CasePathable", "dynamicMemberLookup"]
      case "Action": attributes = ["CasePathable"]
      default: return []
      }
      if enumDecl.inherits(anyOf: ["CasePathable"].qualified("CasePaths")) {
        attributes.removeAll { $0 == "CasePathable" }
      }
      attributes.removeAll { enumDecl.attributes.contains(attributeNamed: $0) }
      return attributes.map { AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier($0))) }
    }

    // `var body: some Reducer<State, Action>` / `some ReducerOf<Self>`: the builder attribute of
    // the protocol requirement is not inferred through a conformance declared in an extension,
    // so spell it on the property.
    if let property = member.as(VariableDeclSyntax.self),
      property.bindingSpecifier.tokenKind == .keyword(.var),
      property.bindings.count == 1,
      let binding = property.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      case .getter = binding.accessorBlock?.accessors,
      let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint
        .as(IdentifierTypeSyntax.self),
      ["Reducer", "ReducerOf"].contains(constraint.name.text),
      let arguments = constraint.genericArgumentClause?.arguments,
      !property.hasReducerBuilderAttribute
    {
      let builderArguments =
        arguments.count == 1
        ? "\(arguments.trimmedDescription).State, \(arguments.trimmedDescription).Action"
        : arguments.trimmedDescription
      return [
        AttributeSyntax(
          attributeName: IdentifierTypeSyntax(
            name: .identifier("ComposableArchitecture.ReducerBuilder<\(builderArguments)>")
          )
        )
      ]
    }
    return []
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let access = declaration.accessPrefix
    let typeNames = declaration.memberTypeNames
    let hasState = typeNames.contains("State")
    let hasAction = typeNames.contains("Action")
    let bindings = declaration.memberBlock.members.flatMap {
      $0.decl.as(VariableDeclSyntax.self)?.bindings ?? []
    }
    let hasBody = bindings.contains {
      $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
    }

    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      // Struct form: fill in what a feature without state, actions or logic leaves out.
      var decls: [DeclSyntax] = []
      if !hasState && !hasBody {
        decls.append(
          """
          \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
          }
          """
        )
      }
      if !hasAction && !hasBody {
        decls.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
      }
      if !hasBody {
        decls.append("\(raw: access)let body = ComposableArchitecture.EmptyReducer<State, Action>()")
      }
      return decls
    }

    // Enum form: one case per child reducer.
    let cases = ReducerCase.cases(of: enumDecl)
    let enumName = enumDecl.name.trimmedDescription
    var decls: [DeclSyntax] = []
    if !hasState {
      decls.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        \(raw: access)enum State: ComposableArchitecture.CaseReducerState {
        \(raw: access)typealias StateReducer = \(raw: enumName)
        \(raw: cases.map(\.stateCase).joined(separator: "\n"))
        }
        """
      )
    }
    if !hasAction {
      decls.append(
        """
        @CasePathable
        \(raw: access)enum Action {
        \(raw: cases.map(\.actionCase).joined(separator: "\n"))
        }
        """
      )
    }
    if !hasBody {
      // A concrete body type, so that `CaseReducer.Body` is inferred from it.
      let scopes = cases.compactMap(\.scope)
      let body =
        scopes.isEmpty
        ? "ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()"
        : "ComposableArchitecture.CombineReducers {\n\(scopes.joined(separator: "\n"))\n}"
      decls.append(
        """
        \(raw: access)static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
        ComposableArchitecture.Reduce(
        \(raw: body)
        )
        }
        """
      )
    }
    if !typeNames.contains("CaseScope") {
      decls.append(
        """
        \(raw: access)enum CaseScope {
        \(raw: cases.map(\.storeCase).joined(separator: "\n"))
        }
        """
      )
    }
    let hasScope = declaration.memberBlock.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "scope"
    }
    if !hasScope {
      let switchCases =
        cases.map(\.storeScope).joined(separator: "\n")
      decls.append(
        """
        @MainActor
        \(raw: access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
        switch store.state {
        \(raw: switchCases)
        }
        }
        """
      )
    }
    return decls
  }
}

extension VariableDeclSyntax {
  fileprivate var hasReducerBuilderAttribute: Bool {
    self.attributes.contains { element in
      guard case let .attribute(attribute) = element else { return false }
      return attribute.attributeName.trimmedDescription.contains("ReducerBuilder")
    }
  }
}

/// A case of a `@Reducer enum`, and what the macro generates for it.
struct ReducerCase {
  enum Kind {
    /// `case counter(Counter)`: a child reducer, scoped to.
    case reducer(type: String, reducer: String)
    /// `case alert(AlertState<Alert>)`: state with no reducer, `nil`-ed out after its actions.
    case ephemeral(actionType: String)
    /// Any other case: carried as is in `State`, with an uninhabited action.
    case ignored
  }

  let element: EnumCaseElementSyntax
  let kind: Kind

  var name: String { self.element.name.text }

  static func cases(of enumDecl: EnumDeclSyntax) -> [ReducerCase] {
    enumDecl.memberBlock.members.flatMap { member -> [ReducerCase] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      let isIgnored = caseDecl.attributes.contains(attributeNamed: "ReducerCaseIgnored")
      let isEphemeral = caseDecl.attributes.contains(attributeNamed: "ReducerCaseEphemeral")
      return caseDecl.elements.map { element in
        ReducerCase(element: element, kind: kind(of: element, isIgnored: isIgnored, isEphemeral: isEphemeral))
      }
    }
  }

  private static func kind(
    of element: EnumCaseElementSyntax, isIgnored: Bool, isEphemeral: Bool
  ) -> Kind {
    guard
      !isIgnored,
      let parameters = element.parameterClause?.parameters,
      parameters.count == 1,
      let parameter = parameters.first,
      parameter.firstName == nil,
      parameter.type.is(IdentifierTypeSyntax.self) || parameter.type.is(MemberTypeSyntax.self)
    else { return .ignored }
    if let identifier = parameter.type.as(IdentifierTypeSyntax.self),
      ["AlertState", "ConfirmationDialogState"].contains(identifier.name.text),
      let generics = identifier.genericArgumentClause?.arguments, generics.count == 1
    {
      return .ephemeral(actionType: generics.trimmedDescription)
    }
    if isEphemeral {
      return .ignored
    }
    let type = parameter.type.trimmedDescription
    let reducer = parameter.defaultValue?.value.trimmedDescription ?? "\(type)()"
    return .reducer(type: type, reducer: reducer)
  }

  /// The case as it appears in `State`.
  var stateCase: String {
    switch self.kind {
    case let .reducer(type, _): return "case \(self.name)(\(type).State)"
    case .ephemeral, .ignored: return "case \(self.element.trimmedDescription)"
    }
  }

  /// The case as it appears in `Action`.
  var actionCase: String {
    switch self.kind {
    case let .reducer(type, _): return "case \(self.name)(\(type).Action)"
    case let .ephemeral(actionType): return "case \(self.name)(\(actionType))"
    case .ignored: return "case \(self.name)(Swift.Never)"
    }
  }

  /// The `Scope` that runs the case's reducer, if it has one.
  var scope: String? {
    guard case let .reducer(_, reducer) = self.kind else { return nil }
    return """
      ComposableArchitecture.Scope(state: \\Self.State.Cases.\(self.name), action: \\Self.Action.Cases.\(self.name)) {
      \(reducer)
      }
      """
  }

  /// The case as it appears in `CaseScope`.
  var storeCase: String {
    switch self.kind {
    case let .reducer(type, _): return "case \(self.name)(ComposableArchitecture.StoreOf<\(type)>)"
    case .ephemeral, .ignored: return "case \(self.element.trimmedDescription)"
    }
  }

  /// The case of the `switch` in `scope(_:)`.
  var storeScope: String {
    if case .reducer = self.kind {
      return """
        case .\(self.name):
        return .\(self.name)(store.scope(state: \\.\(self.name), action: \\.\(self.name))!)
        """
    }
    guard let parameters = self.element.parameterClause?.parameters else {
      return """
        case .\(self.name):
        return .\(self.name)
        """
    }
    let bindings = parameters.indices.enumerated().map { offset, _ in "v\(offset)" }
    let arguments = zip(parameters, bindings).map { parameter, binding in
      parameter.firstName.map { "\($0.text): \(binding)" } ?? binding
    }
    return """
      case let .\(self.name)(\(bindings.joined(separator: ", "))):
      return .\(self.name)(\(arguments.joined(separator: ", ")))
      """
  }
}

/// `@ReducerCaseEphemeral`: marks a case of a `@Reducer enum` as ephemeral state. Expands to
/// nothing; the `@Reducer` macro reads it.
public enum ReducerCaseEphemeralMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// `@ReducerCaseIgnored`: marks a case of a `@Reducer enum` as carrying plain state, with no
/// reducer. Expands to nothing; the `@Reducer` macro reads it.
public enum ReducerCaseIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
