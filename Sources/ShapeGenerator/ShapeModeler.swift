import SwiftSyntax

/// Stage two: turns collected declarations into ``TypeModel``s, applying what the generated
/// code can reach in the generator's mode, and notes every declaration it leaves out and why.
struct ShapeModeler {
  let files: [CollectedFile]
  let mode: GlueGenerator.Mode
  /// Whether types may be described in tables (``GlueGenerator/usesTables``).
  let usesTables: Bool
  let declaredNames: Set<String>
  let dependencies: DependencyModeler
  /// Declarations left out, in the order met.
  private(set) var notes: [GlueNote] = []

  init(files: [CollectedFile], mode: GlueGenerator.Mode, usesTables: Bool = true) {
    self.files = files
    self.mode = mode
    self.usesTables = usesTables
    self.declaredNames = files.reduce(into: []) { $0.formUnion($1.declaredNames) }
    self.dependencies = DependencyModeler(files: files)
  }

  /// A note about a declaration.
  mutating func note(_ node: some SyntaxProtocol, in fileIndex: Int, _ message: String) {
    let file = self.files[fileIndex]
    self.notes.append(GlueNote(path: file.path, line: file.line(of: node), message: message))
  }

  /// The models of every type the files declare that can get a conformance.
  mutating func models() -> [TypeModel] {
    let extensions = Dictionary(grouping: self.files.flatMap(\.extensions), by: \.typeName)
    var models: [TypeModel] = []
    for file in self.files {
      for type in file.types {
        models += self.models(of: type, extensions: extensions[type.qualifiedName] ?? [])
      }
    }
    var extensionMembers = ExtensionMemberModeler(modeler: self)
    extensionMembers.attach(to: &models)
    self.notes = extensionMembers.modeler.notes
    return models
  }

  /// Takes the notes of a modeler working on a copy of this one.
  mutating func replaceNotes(_ notes: [GlueNote]) {
    self.notes = notes
  }

  private mutating func models(of type: CollectedType, extensions: [CollectedExtension]) -> [TypeModel] {
    let name = type.qualifiedName
    let unreachable = self.mode == .separateFile ? type.unreachableInSeparateFile : type.unreachableInSameFile
    if let reason = type.unsupported ?? unreachable {
      self.note(type.declaration, in: type.fileIndex, "\(name): no conformance, because \(reason).")
      return []
    }
    let attributes = type.declaration.asProtocol(WithAttributesSyntax.self)?.attributes ?? []
    let attributeNames = attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    if let actor = attributeNames.first(where: { $0.hasSuffix("Actor") }) {
      self.note(type.declaration, in: type.fileIndex, "\(name): no conformance, because it is isolated to @\(actor).")
      return []
    }
    if let enumDecl = type.declaration.as(EnumDeclSyntax.self) {
      if attributeNames.contains(where: { $0 == "Reducer" || $0.hasSuffix(".Reducer") }) {
        var reducer = ReducerEnumModeler(modeler: self, type: type)
        let models = reducer.models(of: enumDecl)
        self.notes = reducer.modeler.notes
        return models
      }
      return self.enumModel(enumDecl, type, extensions).map { [$0] } ?? []
    }
    if let structDecl = type.declaration.as(StructDeclSyntax.self) {
      return [self.structModel(structDecl, type, extensions)]
    }
    return []
  }

  /// Rewrites names written inside `type` (or inside a type nested in it, `lexicalScope`) for
  /// its extension, or for its file's table function (``isDescribedInTable(_:)``), at
  /// file scope: there every name the type sees unqualified, `Self` among them, is qualified.
  func qualifier(for type: CollectedType, lexicalScope: [String]? = nil) -> NameQualifier {
    NameQualifier(
      declaredNames: self.declaredNames,
      lexicalScope: lexicalScope ?? type.scope + [type.qualifiedName],
      type: type.qualifiedName,
      atFileScope: self.isDescribedInTable(type)
    )
  }

  /// Whether a type's shape goes into its file's table function (calls to `PlaygroundTypes`) rather
  /// than into a conformance: in a copy of the file (``GlueGenerator/Mode/sameFile``), for a
  /// type that isn't generic (the table describes one type, a conformance every
  /// specialisation) and has no private stored property (only the type and its extensions may
  /// name one, or call the memberwise initializer it makes private). A table compiles faster.
  func isDescribedInTable(_ type: CollectedType) -> Bool {
    self.mode == .sameFile && self.usesTables && !type.isGeneric && !Self.hasPrivateStoredProperty(type.declaration)
  }

  /// Whether a declaration's body has a stored property that is `private` or `private(set)`,
  /// under `#if` too.
  private static func hasPrivateStoredProperty(_ declaration: DeclSyntax) -> Bool {
    guard let members = declaration.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else { return false }
    func isPrivate(_ decl: DeclSyntax) -> Bool {
      if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        return ifConfig.clauses.contains { clause in
          guard case let .decls(members) = clause.elements else { return false }
          return members.contains { isPrivate($0.decl) }
        }
      }
      guard let variable = decl.as(VariableDeclSyntax.self), Self.isStored(variable) else { return false }
      return variable.modifiers.contains { $0.name.tokenKind == .keyword(.private) }
    }
    return members.contains { isPrivate($0.decl) }
  }

  // MARK: Structs

  private mutating func structModel(
    _ decl: StructDeclSyntax, _ type: CollectedType, _ extensions: [CollectedExtension]
  ) -> TypeModel {
    let qualifier = self.qualifier(for: type)
    var fields: [FieldModel] = []
    var canMake = true
    var hasInitializer = false
    var dependencies: [String] = []
    // `@DependencyClient` writes the initializers: the client's endpoints can be set, but
    // scripts don't build clients.
    let isDependencyClient = decl.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("DependencyClient") ?? false
    }
    for member in decl.memberBlock.members {
      if member.decl.is(InitializerDeclSyntax.self) { hasInitializer = true }
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
        let declarations = ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
          guard case let .decls(members) = clause.elements else { return [] }
          return members.map(\.decl)
        }
        if declarations.contains(where: { $0.is(InitializerDeclSyntax.self) }) { hasInitializer = true }
        if declarations.contains(where: { $0.as(VariableDeclSyntax.self).map(Self.isStored) ?? false }) {
          canMake = false
          self.note(ifConfig, in: type.fileIndex, "\(type.qualifiedName): stored properties under #if are left out, and the memberwise initializer isn't called.")
        }
        continue
      }
      guard let variable = member.decl.as(VariableDeclSyntax.self), Self.isStored(variable) else { continue }
      if let path = DependencyModeler.dependencyPath(of: variable) {
        if let reason = self.dependencies.unreachable(path, fromFile: type.fileIndex, mode: self.mode) {
          self.note(variable, in: type.fileIndex, "\(type.qualifiedName): @Dependency(\\.\(path)) is left out, because \(reason).")
        } else {
          dependencies.append(path)
        }
      }
      let (variableFields, complete) = self.fields(of: variable, type, qualifier)
      fields += variableFields
      canMake = canMake && complete
    }
    let members = MemberModeler(modeler: self, type: type).members(body: decl.memberBlock, extensions: extensions)
    self.notes = members.notes
    return TypeModel(
      qualifiedName: type.qualifiedName, fileIndex: type.fileIndex, conditions: type.conditions,
      isInTable: self.isDescribedInTable(type),
      shape: .struct(fields: fields, canMake: canMake && !hasInitializer && !isDependencyClient),
      members: members.members, properties: members.properties, dependencies: dependencies
    )
  }

  /// Whether a property declaration is an instance stored property: not static, not lazy, with no
  /// accessors other than observers.
  static func isStored(_ variable: VariableDeclSyntax) -> Bool {
    guard !Access.has("static", variable.modifiers), !Access.has("class", variable.modifiers) else { return false }
    return variable.bindings.allSatisfy { binding in
      guard let accessors = binding.accessorBlock?.accessors else { return true }
      guard case let .accessors(list) = accessors else { return false }
      return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
  }

  /// The memberwise parameters a stored property declaration adds, and whether the memberwise
  /// initializer can still be called (`false` when one can't be described or reached).
  private mutating func fields(
    of variable: VariableDeclSyntax, _ type: CollectedType, _ qualifier: NameQualifier
  ) -> ([FieldModel], Bool) {
    let name = type.qualifiedName
    if Access.has("lazy", variable.modifiers) { return ([], true) }
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    if self.mode == .separateFile && Access.isPrivateOrFileprivate(variable.modifiers) {
      self.note(variable, in: type.fileIndex, "\(name): private stored properties are left out, and the memberwise initializer isn't called.")
      return ([], false)
    }
    let wrapper = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
      !["Presents", "ObservationStateIgnored", "ObservationIgnored", "available"].contains($0.attributeName.trimmedDescription)
    }
    var fields: [FieldModel] = []
    let bindings = Array(variable.bindings)
    for (index, binding) in bindings.enumerated() {
      guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
        self.note(binding, in: type.fileIndex, "\(name): '\(binding.pattern.trimmedDescription)' is not a single name; the memberwise initializer isn't called.")
        return (fields, false)
      }
      let field = identifier.identifier.text
      // The type of `var a, b: Int?` is written on the last binding.
      let declaredType = bindings[index...].lazy.compactMap(\.typeAnnotation).first?.type
      let endpoint = isLet ? nil : self.endpoint(of: declaredType, variable, "\(name).\(field)", type.fileIndex)
      if let initializer = binding.initializer {
        // A `let` with a value isn't the initializer's to set.
        if isLet { continue }
        fields.append(FieldModel(name: field, defaultValue: qualifier.qualify(initializer.value), endpoint: endpoint))
        continue
      }
      if isLet && wrapper == nil {
        fields.append(FieldModel(name: field, defaultValue: nil))
        continue
      }
      if let wrapper, wrapper.arguments != nil {
        // `@Dependency(\.uuid) var uuid`: the initializer takes the wrapper itself, defaulted.
        self.note(binding, in: type.fileIndex, "\(name).\(field): the memberwise initializer's '\(field)' takes @\(wrapper.attributeName.trimmedDescription) itself; left out (it has a default).")
        continue
      }
      let isOptional = declaredType.map(TypeNames.isSugaredOptional) ?? false
      fields.append(FieldModel(name: field, defaultValue: isOptional && !isLet ? "nil" : nil, endpoint: endpoint))
    }
    return (fields, true)
  }

  /// The endpoint of a closure-typed `var` (noting why there is none when its type can't have
  /// one, or its setter isn't reachable).
  private mutating func endpoint(
    of declaredType: TypeSyntax?, _ variable: VariableDeclSyntax, _ name: String, _ fileIndex: Int
  ) -> EndpointModel? {
    guard let declaredType, let endpoint = DependencyModeler.endpoint(of: declaredType) else { return nil }
    if variable.modifiers.contains(where: { $0.detail != nil }) {
      self.note(variable, in: fileIndex, "\(name): a closure property with a restricted setter can't be set to a script's closure.")
      return nil
    }
    switch endpoint {
    case let .success(model): return model
    case let .failure(unsupported):
      self.note(variable, in: fileIndex, "\(name): can't be set to a script's closure, because \(unsupported.reason).")
      return nil
    }
  }

  // MARK: Enums

  private mutating func enumModel(
    _ decl: EnumDeclSyntax, _ type: CollectedType, _ extensions: [CollectedExtension]
  ) -> TypeModel? {
    let qualifier = self.qualifier(for: type)
    var cases: [CaseModel] = []
    for member in decl.memberBlock.members {
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self),
        ifConfig.clauses.contains(where: { clause in
          guard case let .decls(members) = clause.elements else { return false }
          return members.contains { $0.decl.is(EnumCaseDeclSyntax.self) }
        })
      {
        self.note(ifConfig, in: type.fileIndex, "\(type.qualifiedName): no conformance, because some of its cases are declared under #if.")
        return nil
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        let parameters = (element.parameterClause?.parameters).map(Array.init) ?? []
        cases.append(
          CaseModel(
            name: element.name.text,
            parameters: parameters.map { parameter in
              ParameterModel(
                label: parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text },
                metatype: TypeNames.metatype(parameter.type, qualifier: qualifier),
                defaultValue: parameter.defaultValue.map { qualifier.qualify($0.value) }
              )
            }
          )
        )
      }
    }
    guard !cases.isEmpty else {
      self.note(decl, in: type.fileIndex, "\(type.qualifiedName): no conformance, because it has no cases.")
      return nil
    }
    let names = cases.map(\.name)
    if Set(names).count != names.count {
      self.note(decl, in: type.fileIndex, "\(type.qualifiedName): no conformance, because several of its cases share a name.")
      return nil
    }
    let members = MemberModeler(modeler: self, type: type).members(body: decl.memberBlock, extensions: extensions)
    self.notes = members.notes
    return TypeModel(
      qualifiedName: type.qualifiedName, fileIndex: type.fileIndex, conditions: type.conditions,
      isInTable: self.isDescribedInTable(type),
      shape: .enum(cases: cases), members: members.members, properties: members.properties
    )
  }
}
