import SwiftSyntax

/// A file's declarations as the generator needs them: its imports, the structs and enums it
/// declares (at any depth outside functions), its extensions, and every type name it declares.
struct CollectedFile {
  var index: Int
  var path: String
  var imports: [String]
  var types: [CollectedType]
  var extensions: [CollectedExtension]
  /// The qualified name of every type and type alias declared, classes and protocols included.
  var declaredNames: Set<String>
  var converter: SourceLocationConverter

  func line(of node: some SyntaxProtocol) -> Int {
    node.startLocation(converter: self.converter, afterLeadingTrivia: true).line
  }
}

/// A struct or enum declaration and where it sits.
struct CollectedType {
  var declaration: DeclSyntax
  /// `Parent.Child`.
  var qualifiedName: String
  /// The qualified names of the declarations it is nested in, outermost first.
  var scope: [String]
  /// The `#if` conditions it is declared under, outermost first.
  var conditions: [String]
  var fileIndex: Int
  /// Why a copy of its file can't name it (a `private` type nested in another one), if so.
  var unreachableInSameFile: String?
  /// Why a separate file of the module can't name it (it or a type it's in is private), if so.
  var unreachableInSeparateFile: String?
  /// Why it isn't handled at all, if so.
  var unsupported: String?
  /// Whether it has generic parameters (its shape must then hold for every specialisation).
  var isGeneric = false
}

/// An `extension` of some type, whose members may add to that type's shape.
struct CollectedExtension {
  var declaration: ExtensionDeclSyntax
  /// The extended type's name as written, without generic arguments.
  var typeName: String
  var conditions: [String]
  var fileIndex: Int
}

/// Stage one: walks a parsed file and collects its declarations.
final class DeclarationCollector: SyntaxVisitor {
  private enum Frame {
    case type(name: String, access: String?, isGeneric: Bool)
    case `extension`(name: String, access: String?)

    var name: String {
      switch self {
      case let .type(name, _, _), let .extension(name, _): name
      }
    }
    var access: String? {
      switch self {
      case let .type(_, access, _), let .extension(_, access): access
      }
    }
  }

  private var file: CollectedFile
  private var frames: [Frame] = []
  private var conditions: [String] = []

  private init(fileIndex: Int, path: String, tree: SourceFileSyntax) {
    self.file = CollectedFile(
      index: fileIndex, path: path, imports: [], types: [], extensions: [], declaredNames: [],
      converter: SourceLocationConverter(fileName: path, tree: tree)
    )
    super.init(viewMode: .sourceAccurate)
  }

  /// The declarations of a parsed file.
  static func collect(_ tree: SourceFileSyntax, fileIndex: Int, path: String) -> CollectedFile {
    let collector = DeclarationCollector(fileIndex: fileIndex, path: path, tree: tree)
    collector.walk(tree)
    return collector.file
  }

  private var qualifiedScope: [String] {
    var scope: [String] = []
    for frame in self.frames {
      if case .extension = frame { scope = [frame.name] } else { scope.append((scope.last.map { $0 + "." } ?? "") + frame.name) }
    }
    return scope
  }

  private func qualified(_ name: String) -> String {
    (self.qualifiedScope.last.map { $0 + "." } ?? "") + name
  }

  // MARK: Types

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    self.record(DeclSyntax(node), name: node.name.text, modifiers: node.modifiers, generics: node.genericParameterClause)
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) { self.frames.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    self.record(DeclSyntax(node), name: node.name.text, modifiers: node.modifiers, generics: node.genericParameterClause)
    return .visitChildren
  }

  override func visitPost(_ node: EnumDeclSyntax) { self.frames.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    self.enterUnshaped(node.name.text, node.modifiers, isGeneric: node.genericParameterClause != nil)
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) { self.frames.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    self.enterUnshaped(node.name.text, node.modifiers, isGeneric: node.genericParameterClause != nil)
    return .visitChildren
  }

  override func visitPost(_ node: ActorDeclSyntax) { self.frames.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    self.file.declaredNames.insert(self.qualified(node.name.text))
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    self.file.declaredNames.insert(self.qualified(node.name.text))
    return .skipChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = TypeNames.withoutGenericArguments(node.extendedType)
    self.file.extensions.append(
      CollectedExtension(declaration: node, typeName: name, conditions: self.conditions, fileIndex: self.file.index)
    )
    self.frames.append(.extension(name: name, access: Access.level(of: node.modifiers)))
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) { self.frames.removeLast() }

  private func enterUnshaped(_ name: String, _ modifiers: DeclModifierListSyntax, isGeneric: Bool) {
    self.file.declaredNames.insert(self.qualified(name))
    self.frames.append(.type(name: name, access: Access.level(of: modifiers), isGeneric: isGeneric))
  }

  private func record(
    _ declaration: DeclSyntax, name: String, modifiers: DeclModifierListSyntax, generics: GenericParameterClauseSyntax?
  ) {
    let access = Access.level(of: modifiers)
    let qualifiedName = self.qualified(name)
    self.file.declaredNames.insert(qualifiedName)
    let attributes = declaration.asProtocol(WithAttributesSyntax.self)?.attributes ?? []
    if attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Reducer" }) {
      // The macro declares them when the source doesn't.
      self.file.declaredNames.formUnion([qualifiedName + ".State", qualifiedName + ".Action"])
    }
    var type = CollectedType(
      declaration: declaration, qualifiedName: qualifiedName, scope: self.qualifiedScope,
      conditions: self.conditions, fileIndex: self.file.index
    )
    type.isGeneric = generics != nil
    let chain = self.frames.map(\.access) + [access]
    if chain.contains(where: { $0 == "private" || $0 == "fileprivate" }) {
      type.unreachableInSeparateFile = "it is private or fileprivate, or nested in a type that is"
    }
    if chain.dropFirst().contains("private") {
      type.unreachableInSameFile = "it is private inside another type, so no extension at file scope can name it"
    }
    if self.frames.contains(where: { if case .type(_, _, true) = $0 { true } else { false } }) {
      type.unsupported = "it is nested in a generic type"
    } else if let generics, generics.parameters.contains(where: { $0.specifier != nil }) {
      type.unsupported = "it has a parameter pack"
    }
    self.file.types.append(type)
    self.frames.append(.type(name: name, access: access, isGeneric: generics != nil))
  }

  // MARK: Imports and conditions

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    let text = node.trimmedDescription
    self.file.imports.append(
      self.conditions.isEmpty ? text : "#if \(self.conditions.joined(separator: " && "))\n\(text)\n#endif"
    )
    return .skipChildren
  }

  override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
    self.conditions.append(Self.condition(of: node))
    return .visitChildren
  }

  override func visitPost(_ node: IfConfigClauseSyntax) { self.conditions.removeLast() }

  /// The condition under which a clause's code is compiled: its own and the negation of every
  /// clause before it.
  static func condition(of clause: IfConfigClauseSyntax) -> String {
    var parts: [String] = []
    if let list = clause.parent?.as(IfConfigClauseListSyntax.self) {
      for earlier in list {
        if earlier.id == clause.id { break }
        if let condition = earlier.condition { parts.append("!(\(condition.trimmedDescription))") }
      }
    }
    if let condition = clause.condition {
      parts.append(parts.isEmpty ? condition.trimmedDescription : "(\(condition.trimmedDescription))")
    }
    return parts.isEmpty ? "true" : parts.joined(separator: " && ")
  }

  // MARK: Not looked into

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Access modifiers.
enum Access {
  /// The access level a declaration's modifiers give it (`private`, `public`, …), ignoring
  /// setter-only ones like `private(set)`; `nil` when it has none.
  static func level(of modifiers: DeclModifierListSyntax) -> String? {
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.text {
      case "private", "fileprivate", "internal", "package", "public", "open": return modifier.name.text
      default: continue
      }
    }
    return nil
  }

  static func isPrivate(_ modifiers: DeclModifierListSyntax) -> Bool { level(of: modifiers) == "private" }

  static func isPrivateOrFileprivate(_ modifiers: DeclModifierListSyntax) -> Bool {
    ["private", "fileprivate"].contains(level(of: modifiers))
  }

  static func has(_ keyword: String, _ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.text == keyword }
  }
}
