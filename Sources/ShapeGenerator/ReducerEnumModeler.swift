import SwiftSyntax

/// Stage two, for `@Reducer enum`s: models the `State` and `Action` enums the `@Reducer` macro
/// generates from the enum's cases, which aren't in the source.
///
/// ```swift
/// @Reducer enum Path {
///   case detail(Detail)                 // State: detail(Detail.State); Action: detail(Detail.Action)
///   case alert(AlertState<Alert>)       // State: as written;           Action: alert(Alert)
///   case note(String)                   // State: as written;           Action: note(Swift.Never)
/// }
/// ```
///
/// The classification follows `ReducerCase` in the macro (ComposableArchitectureMacros).
struct ReducerEnumModeler {
  private(set) var modeler: ShapeModeler
  private let type: CollectedType

  init(modeler: ShapeModeler, type: CollectedType) {
    self.modeler = modeler
    self.type = type
  }

  private enum Kind {
    case reducer(type: TypeSyntax)
    case ephemeral(action: TypeSyntax)
    case ignored
  }

  /// The models of the generated `State` and `Action` (each unless the enum declares its own).
  mutating func models(of decl: EnumDeclSyntax) -> [TypeModel] {
    let name = self.type.qualifiedName
    var elements: [(EnumCaseElementSyntax, Kind)] = []
    for member in decl.memberBlock.members {
      if member.decl.is(IfConfigDeclSyntax.self) {
        self.modeler.note(member.decl, in: self.type.fileIndex, "\(name): no conformances for State and Action, because its body has #if.")
        return []
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let isIgnored = Self.has(caseDecl.attributes, "ReducerCaseIgnored")
      let isEphemeral = Self.has(caseDecl.attributes, "ReducerCaseEphemeral")
      for element in caseDecl.elements {
        elements.append((element, Self.kind(of: element, isIgnored: isIgnored, isEphemeral: isEphemeral)))
      }
    }
    guard !elements.isEmpty else { return [] }
    let declared = Set(decl.memberBlock.members.compactMap { member -> String? in
      if let nested = member.decl.as(EnumDeclSyntax.self) { return nested.name.text }
      if let nested = member.decl.as(StructDeclSyntax.self) { return nested.name.text }
      return member.decl.as(TypeAliasDeclSyntax.self)?.name.text
    })
    var models: [TypeModel] = []
    for generated in ["State", "Action"] where !declared.contains(generated) {
      let qualifiedName = name + "." + generated
      let inTable = self.modeler.isDescribedInTable(self.type)
      let qualifier = NameQualifier(
        declaredNames: self.modeler.declaredNames.union([qualifiedName]),
        lexicalScope: self.type.scope + [name, qualifiedName],
        type: qualifiedName,
        atFileScope: inTable
      )
      let cases = elements.map { element, kind in
        CaseModel(
          name: element.name.text,
          parameters: generated == "State"
            ? Self.stateParameters(element, kind, qualifier) : Self.actionParameters(kind, qualifier)
        )
      }
      models.append(
        TypeModel(
          qualifiedName: qualifiedName, fileIndex: self.type.fileIndex, conditions: self.type.conditions,
          isInTable: inTable,
          shape: .enum(cases: cases), members: [], properties: []
        )
      )
    }
    return models
  }

  private static func stateParameters(_ element: EnumCaseElementSyntax, _ kind: Kind, _ qualifier: NameQualifier) -> [ParameterModel] {
    if case let .reducer(type) = kind {
      return [ParameterModel(label: nil, metatype: "\(qualifier.qualify(type)).State.self", defaultValue: nil)]
    }
    return (element.parameterClause?.parameters).map(Array.init)?.map { parameter in
      ParameterModel(
        label: parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text },
        metatype: TypeNames.metatype(parameter.type, qualifier: qualifier),
        defaultValue: parameter.defaultValue.map { qualifier.qualify($0.value) }
      )
    } ?? []
  }

  private static func actionParameters(_ kind: Kind, _ qualifier: NameQualifier) -> [ParameterModel] {
    switch kind {
    case let .reducer(type):
      [ParameterModel(label: nil, metatype: "\(qualifier.qualify(type)).Action.self", defaultValue: nil)]
    case let .ephemeral(action):
      [ParameterModel(label: nil, metatype: TypeNames.metatype(action, qualifier: qualifier), defaultValue: nil)]
    case .ignored:
      [ParameterModel(label: nil, metatype: "Swift.Never.self", defaultValue: nil)]
    }
  }

  private static func has(_ attributes: AttributeListSyntax, _ name: String) -> Bool {
    attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == name }
  }

  /// How the macro treats a case: a child reducer, ephemeral state (`AlertState`,
  /// `ConfirmationDialogState`), or carried as is.
  private static func kind(of element: EnumCaseElementSyntax, isIgnored: Bool, isEphemeral: Bool) -> Kind {
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
      let generics = identifier.genericArgumentClause?.arguments, generics.count == 1,
      let action = generics.first?.argument.as(TypeSyntax.self)
    {
      return .ephemeral(action: action)
    }
    return isEphemeral ? .ignored : .reducer(type: parameter.type)
  }
}
