import SwiftSyntax

/// What a type offers scripts besides its shape: static values and functions, initializers and
/// readable computed properties, from its body and its extensions.
struct MemberModels {
  var members: [MemberModel] = []
  var properties: [String] = []
  /// The modeler's notes, with those about members added.
  var notes: [GlueNote]
}

/// Stage two, for members: models the static members, initializers and computed properties of
/// one type.
struct MemberModeler {
  private var modeler: ShapeModeler
  private let type: CollectedType
  private var result: MemberModels
  /// Names the generated code must spell otherwise (an extension's bound generic parameters).
  private var substitutions: [String: String] = [:]
  /// Whether readable computed properties are modeled too (not for another type's extension).
  private var includesProperties = true

  init(modeler: ShapeModeler, type: CollectedType) {
    self.modeler = modeler
    self.type = type
    self.result = MemberModels(notes: modeler.notes)
  }

  /// The members declared in `body` and in `extensions` of the type.
  consuming func members(body: MemberBlockSyntax, extensions: [CollectedExtension]) -> MemberModels {
    self.add(body.members, fileIndex: self.type.fileIndex, extensionAccess: nil, lexicalScope: nil)
    for item in extensions {
      let name = self.type.qualifiedName
      // `extension Three where Element == …` and `extension Three<Three<Player?>>` alike.
      if item.declaration.genericWhereClause != nil || Self.specializes(item.declaration.extendedType) {
        self.note(item.declaration, item.fileIndex, "\(name): members of a constrained extension are left out.")
        continue
      }
      if item.conditions != self.type.conditions {
        self.note(item.declaration, item.fileIndex, "\(name): members of an extension under other #if conditions than the type are left out.")
        continue
      }
      self.add(
        item.declaration.memberBlock.members, fileIndex: item.fileIndex,
        extensionAccess: Access.level(of: item.declaration.modifiers), lexicalScope: [name]
      )
    }
    self.result.notes = self.modeler.notes
    return self.result
  }

  /// Whether an extension's type names its generic arguments (`Three<Three<Player?>>`): its
  /// members exist for that specialization only.
  private static func specializes(_ type: TypeSyntax) -> Bool {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.genericArgumentClause != nil }
    if let member = type.as(MemberTypeSyntax.self) { return member.genericArgumentClause != nil }
    return false
  }

  /// The static members and initializers of `item`, an extension of another type whose generic
  /// parameters `substitutions` binds (`Element` to `Location` in `extension [Location]`), as
  /// generated code in the conformance of `self.type`'s file can call them.
  consuming func members(ofExtension item: CollectedExtension, substitutions: [String: String]) -> MemberModels {
    self.substitutions = substitutions
    self.includesProperties = false
    self.add(
      item.declaration.memberBlock.members, fileIndex: item.fileIndex,
      extensionAccess: Access.level(of: item.declaration.modifiers), lexicalScope: []
    )
    self.result.notes = self.modeler.notes
    return self.result
  }

  private mutating func note(_ node: some SyntaxProtocol, _ fileIndex: Int, _ message: String) {
    self.modeler.note(node, in: fileIndex, message)
  }

  /// Adds the members of the type's body (`lexicalScope` `nil`) or of an extension.
  private mutating func add(
    _ members: MemberBlockItemListSyntax, fileIndex: Int, extensionAccess: String?, lexicalScope: [String]?
  ) {
    var qualifier = self.modeler.qualifier(for: self.type, lexicalScope: lexicalScope)
    qualifier.substitutions.merge(self.substitutions) { _, bound in bound }
    for member in members {
      let decl = member.decl
      if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        let hasMembers = ifConfig.clauses.contains { clause in
          guard case let .decls(items) = clause.elements else { return false }
          return items.contains {
            $0.decl.as(VariableDeclSyntax.self).map { !ShapeModeler.isStored($0) } ?? false
              || $0.decl.is(FunctionDeclSyntax.self) || $0.decl.is(InitializerDeclSyntax.self)
          }
        }
        if hasMembers {
          self.note(ifConfig, fileIndex, "\(self.type.qualifiedName): static members, initializers and computed properties under #if are left out.")
        }
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        guard self.isReachable(variable.modifiers, variable.attributes, fileIndex, extensionAccess) else { continue }
        self.addVariable(variable, fileIndex)
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        guard Access.has("static", function.modifiers) || Access.has("class", function.modifiers),
          self.isReachable(function.modifiers, function.attributes, fileIndex, extensionAccess)
        else { continue }
        self.addFunction(function, fileIndex, qualifier)
      } else if let initializer = decl.as(InitializerDeclSyntax.self) {
        guard self.isReachable(initializer.modifiers, initializer.attributes, fileIndex, extensionAccess) else { continue }
        self.addInitializer(initializer, fileIndex, qualifier)
      }
    }
  }

  /// Whether generated code can use a member: never a private one (nor one isolated to a global
  /// actor); a fileprivate one only from a copy of its own file.
  private func isReachable(
    _ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax, _ fileIndex: Int, _ extensionAccess: String?
  ) -> Bool {
    if attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Actor") ?? false }) {
      return false
    }
    let own = Access.level(of: modifiers)
    if own == "private" { return false }
    let isFileprivate = own == "fileprivate" || (own == nil && ["private", "fileprivate"].contains(extensionAccess))
    return !isFileprivate || (self.modeler.mode == .sameFile && fileIndex == self.type.fileIndex)
  }

  private mutating func addVariable(_ variable: VariableDeclSyntax, _ fileIndex: Int) {
    let isStatic = Access.has("static", variable.modifiers) || Access.has("class", variable.modifiers)
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      if isStatic {
        self.result.members.append(MemberModel(name: name, kind: .value))
        continue
      }
      guard self.includesProperties else { continue }
      // Instance properties: computed ones with a declared type.
      guard let accessors = binding.accessorBlock?.accessors else { continue }
      if case let .accessors(list) = accessors {
        if list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) }) { continue }
        if list.contains(where: { $0.effectSpecifiers != nil }) {
          self.note(binding, fileIndex, "\(self.type.qualifiedName).\(name): a property that is async or throws is left out.")
          continue
        }
      }
      guard let type = binding.typeAnnotation?.type, !TypeNames.isOpaque(type) else {
        self.note(binding, fileIndex, "\(self.type.qualifiedName).\(name): a computed property of opaque type is left out.")
        continue
      }
      self.result.properties.append(name)
    }
  }

  private mutating func addFunction(_ function: FunctionDeclSyntax, _ fileIndex: Int, _ qualifier: NameQualifier) {
    let name = "\(self.type.qualifiedName).\(function.name.text)"
    guard case .identifier = function.name.tokenKind else {
      self.note(function, fileIndex, "\(name): operators are left out.")
      return
    }
    guard let (parameters, throwing) = self.signature(function.signature, function.genericParameterClause, name, function, fileIndex, qualifier)
    else { return }
    self.result.members.append(MemberModel(name: function.name.text, kind: .function(parameters: parameters, throws: throwing)))
  }

  private mutating func addInitializer(_ initializer: InitializerDeclSyntax, _ fileIndex: Int, _ qualifier: NameQualifier) {
    let name = "\(self.type.qualifiedName).init"
    if initializer.optionalMark != nil {
      self.note(initializer, fileIndex, "\(name): a failable initializer is left out.")
      return
    }
    guard let (parameters, throwing) = self.signature(initializer.signature, initializer.genericParameterClause, name, initializer, fileIndex, qualifier)
    else { return }
    self.result.members.append(MemberModel(name: "init", kind: .initializer(parameters: parameters, throws: throwing)))
  }

  /// The parameters of a function and whether calling it needs `try`, or `nil` (with a note)
  /// when generated code can't call it.
  private mutating func signature(
    _ signature: FunctionSignatureSyntax, _ generics: GenericParameterClauseSyntax?, _ name: String,
    _ node: some SyntaxProtocol, _ fileIndex: Int, _ qualifier: NameQualifier
  ) -> ([ParameterModel], Bool)? {
    if generics != nil {
      self.note(node, fileIndex, "\(name): a generic function is left out.")
      return nil
    }
    if signature.effectSpecifiers?.asyncSpecifier != nil {
      self.note(node, fileIndex, "\(name): an async function is left out.")
      return nil
    }
    var parameters: [ParameterModel] = []
    for parameter in signature.parameterClause.parameters {
      let type = parameter.type
      if parameter.ellipsis != nil || TypeNames.isInout(type) || TypeNames.isFunction(type) || TypeNames.isOpaque(type) {
        self.note(node, fileIndex, "\(name): a function with an inout, variadic, closure or opaque parameter is left out.")
        return nil
      }
      parameters.append(
        ParameterModel(
          label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
          metatype: TypeNames.metatype(type, qualifier: qualifier),
          defaultValue: parameter.defaultValue.map { qualifier.qualify($0.value) }
        )
      )
    }
    let throwsSpecifier = signature.effectSpecifiers?.throwsClause?.throwsSpecifier
    return (parameters, throwsSpecifier != nil && throwsSpecifier?.tokenKind != .keyword(.rethrows))
  }
}
