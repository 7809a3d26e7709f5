import SwiftSyntax

/// Stage two, for extensions of types the module doesn't declare, specialised to types it does:
/// models their static members and initializers, and lists them in the conformance of one of
/// the module's types named in the specialisation (the *anchor*), since only the module's own
/// types get conformances.
///
/// ```swift
/// extension [Location] { static let previews: Self = […] }            // Array<Location>, on Location
/// extension IdentifiedArray where Element == Todo.State { static var mocks: Self { … } }
///                                                                     // IdentifiedArrayOf<Todo.State>, on Todo.State
/// extension AlertState where Action == Todos.Action.Alert {
///   static func clearCompleted(count: Int) -> Self { … }              // AlertState<Todos.Action.Alert>, on Todos.Action.Alert
/// }
/// ```
///
/// An extension that stays generic (`extension Array where Element: Identifiable`) has nothing
/// a script could call, and is passed over.
struct ExtensionMemberModeler {
  private(set) var modeler: ShapeModeler

  init(modeler: ShapeModeler) {
    self.modeler = modeler
  }

  /// The generic parameters of the standard library's and TCA's usual generic types, in order:
  /// what a `where Param == Type` clause binds.
  static let genericParameters: [String: [String]] = [
    "Array": ["Element"], "ContiguousArray": ["Element"], "Set": ["Element"], "Optional": ["Wrapped"],
    "Dictionary": ["Key", "Value"], "Result": ["Success", "Failure"],
    "IdentifiedArray": ["ID", "Element"], "IdentifiedArrayOf": ["Element"],
    "AlertState": ["Action"], "ConfirmationDialogState": ["Action"], "ButtonState": ["Action"],
    "StackState": ["Element"], "PresentationState": ["State"], "PresentationAction": ["Action"],
    "StackAction": ["State", "Action"], "IdentifiedAction": ["ID", "Action"],
  ]

  /// A specialised extension's concrete type as generated code spells it, and what its generic
  /// parameters and `Self` stand for.
  struct Owner {
    var name: String
    var substitutions: [String: String]
  }

  /// Adds the members of every such extension to its anchor's model.
  mutating func attach(to models: inout [TypeModel]) {
    for file in self.modeler.files {
      for item in file.extensions where !self.modeler.declaredNames.contains(item.typeName) {
        self.attach(item, to: &models)
      }
    }
  }

  private mutating func attach(_ item: CollectedExtension, to models: inout [TypeModel]) {
    let declaration = item.declaration
    guard Self.hasStaticMembers(declaration), let owner = self.owner(of: declaration) else { return }
    let named = Self.typeNames(in: declaration).filter { self.modeler.declaredNames.contains($0) }
    // The anchor: one of the module's types the specialisation names that has a conformance,
    // preferring one in the extension's own file (a fileprivate member is reachable there).
    let candidates = named.compactMap { name in models.firstIndex { $0.qualifiedName == name } }
    guard let index = candidates.first(where: { models[$0].fileIndex == item.fileIndex }) ?? candidates.first else {
      let reason = named.isEmpty
        ? "the extended type names none of this module's types"
        : "none of the module's types it names (\(named.joined(separator: ", "))) has a conformance"
      self.modeler.note(declaration, in: item.fileIndex, "\(owner.name): static members of the extension are left out, because \(reason).")
      return
    }
    let anchor = models[index]
    if item.conditions != anchor.conditions {
      self.modeler.note(
        declaration, in: item.fileIndex,
        "\(owner.name): static members of an extension under other #if conditions than \(anchor.qualifiedName) are left out."
      )
      return
    }
    let type = CollectedType(
      declaration: DeclSyntax(declaration), qualifiedName: owner.name, scope: [], conditions: anchor.conditions,
      fileIndex: anchor.fileIndex
    )
    let members = MemberModeler(modeler: self.modeler, type: type)
      .members(ofExtension: item, substitutions: owner.substitutions)
    self.modeler.replaceNotes(members.notes)
    models[index].extensionMembers += members.members.map { ExtensionMemberModel(owner: owner.name, member: $0) }
  }

  /// Whether an extension declares a static member or an initializer.
  private static func hasStaticMembers(_ declaration: ExtensionDeclSyntax) -> Bool {
    declaration.memberBlock.members.contains { member in
      if member.decl.is(InitializerDeclSyntax.self) { return true }
      if let variable = member.decl.as(VariableDeclSyntax.self) { return Access.has("static", variable.modifiers) }
      if let function = member.decl.as(FunctionDeclSyntax.self) { return Access.has("static", function.modifiers) }
      return false
    }
  }

  /// The concrete type an extension extends, or `nil` when it stays generic.
  func owner(of declaration: ExtensionDeclSyntax) -> Owner? {
    let extended = declaration.extendedType
    var base: String
    var arguments: [String]
    if let array = extended.as(ArrayTypeSyntax.self) {
      (base, arguments) = ("Array", [self.spell(array.element)])
    } else if let optional = extended.as(OptionalTypeSyntax.self) {
      (base, arguments) = ("Optional", [self.spell(optional.wrappedType)])
    } else if let dictionary = extended.as(DictionaryTypeSyntax.self) {
      (base, arguments) = ("Dictionary", [self.spell(dictionary.key), self.spell(dictionary.value)])
    } else {
      base = TypeNames.withoutGenericArguments(extended)
      arguments = Self.genericArguments(of: extended).map { self.spell($0) }
    }
    let parameters = Self.genericParameters[base.split(separator: ".").last.map(String.init) ?? base]
    var bound: [String: String] = [:]
    if let parameters, arguments.count == parameters.count {
      bound = Dictionary(uniqueKeysWithValues: zip(parameters, arguments))
    }
    for requirement in declaration.genericWhereClause?.requirements ?? [] {
      guard case let .sameTypeRequirement(sameType) = requirement.requirement,
        case let .type(left) = sameType.leftType, case let .type(right) = sameType.rightType
      else { continue }
      var name = left.trimmedDescription
      if name.hasPrefix("Self.") { name.removeFirst(5) }
      bound[name] = self.spell(right)
    }
    if arguments.isEmpty, let parameters {
      if base == "IdentifiedArray", bound["ID"] == nil, let element = bound["Element"] {
        bound["ID"] = "\(element).ID"
      }
      guard parameters.allSatisfy({ bound[$0] != nil }) else { return nil }
      arguments = parameters.map { bound[$0]! }
    } else if arguments.isEmpty {
      // A type the table doesn't know: generic only if the where clause binds something.
      guard bound.isEmpty else { return nil }
    }
    if base == "IdentifiedArrayOf", let element = arguments.first {
      bound["ID"] = "\(element).ID"
    }
    let name = arguments.isEmpty ? base : "\(base)<\(arguments.joined(separator: ", "))>"
    bound["Self"] = name
    return Owner(name: name, substitutions: bound)
  }

  /// A type as generated code at file scope spells it.
  private func spell(_ type: TypeSyntax) -> String {
    NameQualifier(declaredNames: self.modeler.declaredNames, lexicalScope: [], extendedType: "").qualify(type)
  }

  private static func genericArguments(of type: TypeSyntax) -> [TypeSyntax] {
    let clause = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
    return clause?.arguments.compactMap { argument in
      if case let .type(type) = argument.argument { return type }
      return nil
    } ?? []
  }

  /// The dotted names of the types an extension's extended type and `where` clause write, in
  /// order: `Todos.Action.Alert` in `extension AlertState where Action == Todos.Action.Alert`.
  static func typeNames(in declaration: ExtensionDeclSyntax) -> [String] {
    final class Finder: SyntaxVisitor {
      var names: [String] = []
      override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        self.names.append(TypeNames.withoutGenericArguments(TypeSyntax(node)))
        return .visitChildren
      }
      override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        self.names.append(node.name.text)
        return .visitChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(declaration.extendedType)
    if let clause = declaration.genericWhereClause { finder.walk(clause) }
    // Outermost first: `Todos.Action.Alert` before its prefix `Todos`.
    var seen: Set<String> = []
    return finder.names.filter { seen.insert($0).inserted }
  }
}
