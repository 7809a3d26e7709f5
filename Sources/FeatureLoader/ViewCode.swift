import SwiftParser
import SwiftSyntax

/// The view code of files that import SwiftUI or UIKit, which the loader leaves out: types that
/// conform to a view protocol (`View`, `ViewModifier`, `PreviewProvider`, …) or inherit from a
/// UIKit view class, their extensions, members of other types that make views (`some View`, a
/// `@ViewBuilder`, a view type in their signature, SwiftUI's property wrappers) and `#Preview`
/// blocks. What it leaves out is blanked (spaces, newlines kept), so that the compiler's lines
/// and columns of the rest are the file's own.
struct ViewCode {
  /// Protocols whose conformers are view code.
  static let viewProtocols: Set<String> = [
    "View", "ViewModifier", "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle",
    "TextFieldStyle", "ProgressViewStyle", "GaugeStyle", "MenuStyle", "GroupBoxStyle", "ListStyle",
    "Shape", "InsettableShape", "PreferenceKey", "EnvironmentKey", "FocusedValueKey", "LayoutValueKey",
    "DynamicProperty", "Layout", "App", "Scene", "Commands", "ToolbarContent", "PreviewProvider",
    "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
    "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate",
  ]
  /// UIKit and AppKit classes whose subclasses are view code.
  static let viewClasses: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
    "UITabBarController", "UISplitViewController", "UIPageViewController", "UIHostingController",
    "UIView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UIControl",
    "UIButton", "UILabel", "UIResponder", "UIWindow", "NSViewController", "NSView", "NSHostingController",
    "NSWindowController", "NSResponder",
  ]
  /// SwiftUI's types that only views use (the stand-in has none of them): a member or extension
  /// that names one is view code.
  static let viewOnlyTypes: Set<String> = [
    "AnyView", "EnvironmentValues", "FocusedValues", "Text", "Image", "Font", "ShapeStyle", "Gradient",
    "LinearGradient", "AnyShapeStyle", "Angle", "Alignment", "UnitPoint", "GeometryProxy", "ToolbarItemPlacement",
  ]
  /// Attributes of members that are view code: builders and SwiftUI's property wrappers.
  static let viewAttributes: Set<String> = [
    "ViewBuilder", "SceneBuilder", "ToolbarContentBuilder", "CommandsBuilder", "State", "Binding", "Bindable",
    "Environment", "EnvironmentObject", "StateObject", "ObservedObject", "FocusState", "FocusedValue",
    "AppStorage", "SceneStorage", "Namespace", "GestureState", "ScaledMetric", "UIApplicationDelegateAdaptor",
    "NSApplicationDelegateAdaptor", "IBOutlet", "IBAction",
  ]

  /// What was left out of one file, counted for its note.
  struct Removed: Equatable {
    var views = 0
    var extensions = 0
    var members = 0
    var previews = 0

    var isEmpty: Bool { self == Removed() }

    /// "2 views and a preview", "a view extension and 3 view members".
    var description: String {
      let parts = [
        (self.views, "view"), (self.extensions, "view extension"), (self.members, "view member"),
        (self.previews, "preview"),
      ].filter { $0.0 > 0 }.map { count, noun in count == 1 ? "a \(noun)" : "\(count) \(noun)s" }
      guard let last = parts.last else { return "" }
      return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
  }

  /// A file after its view code was left out: its text, what was removed, and the identifiers
  /// of UIKit's (`UI…`) that the rest still names.
  struct Stripped {
    var text: String
    var removed: Removed
    var uiKitNames: [String]
  }

  private let trees: [String: SourceFileSyntax]
  /// The qualified names of the view types the files declare or extend with a view conformance.
  let viewTypes: Set<String>

  /// Parses `files` (path and text) and finds their view types (a type's conformance can be in
  /// another of the files).
  init(files: [(path: String, text: String)]) {
    var trees: [String: SourceFileSyntax] = [:]
    for file in files { trees[file.path] = Parser.parse(source: file.text) }
    self.trees = trees
    // A class can inherit from a view class of the files: until no more are found.
    var types: Set<String> = []
    while true {
      let finder = ViewTypeFinder(known: types)
      for tree in trees.values { finder.walk(tree) }
      guard finder.found.count > types.count else { break }
      types = finder.found
    }
    self.viewTypes = types
  }

  /// The file at `path` without its view code.
  func strip(_ path: String) -> Stripped? {
    guard let tree = self.trees[path] else { return nil }
    let remover = ViewCodeRemover(viewTypes: self.viewTypes)
    remover.walk(tree)
    var bytes = Array(tree.syntaxTextBytes)
    for range in remover.ranges {
      for index in range where bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
        bytes[index] = UInt8(ascii: " ")
      }
    }
    return Stripped(
      text: String(decoding: bytes, as: UTF8.self), removed: remover.removed,
      uiKitNames: remover.uiKitNames.sorted()
    )
  }

  /// The name a type is written with, without generic arguments or its module (`SwiftUI.View`,
  /// `UIHostingController<Root>` → `View`, `UIHostingController`).
  static func baseName(_ type: TypeSyntax) -> String {
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(attributed.baseType) }
    return type.trimmedDescription
  }

  /// Whether an inheritance clause names a view protocol or class, or one of `known`.
  static func inheritsViewCode(_ clause: InheritanceClauseSyntax?, known: Set<String>) -> Bool {
    guard let clause else { return false }
    return clause.inheritedTypes.contains { inherited in
      let name = baseName(inherited.type)
      return viewProtocols.contains(name) || viewClasses.contains(name) || known.contains(name)
    }
  }
}

/// The qualified names of types declared or extended with a view conformance.
private final class ViewTypeFinder: SyntaxVisitor {
  let known: Set<String>
  var found: Set<String>
  private var scope: [String] = []

  init(known: Set<String>) {
    self.known = known
    self.found = known
    super.init(viewMode: .sourceAccurate)
  }

  private func declare(_ name: String, _ clause: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
    let qualified = (self.scope + [name]).joined(separator: ".")
    if ViewCode.inheritsViewCode(clause, known: self.known) { self.found.insert(qualified) }
    self.scope.append(name)
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    self.declare(node.name.text, node.inheritanceClause)
  }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    self.declare(node.name.text, node.inheritanceClause)
  }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    self.declare(node.name.text, node.inheritanceClause)
  }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    self.declare(node.name.text, node.inheritanceClause)
  }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    self.declare(node.extendedType.trimmedDescription, node.inheritanceClause)
  }
  override func visitPost(_ node: StructDeclSyntax) { self.scope.removeLast() }
  override func visitPost(_ node: ClassDeclSyntax) { self.scope.removeLast() }
  override func visitPost(_ node: EnumDeclSyntax) { self.scope.removeLast() }
  override func visitPost(_ node: ActorDeclSyntax) { self.scope.removeLast() }
  override func visitPost(_ node: ExtensionDeclSyntax) { self.scope.removeLast() }
  // Bodies of functions and closures declare no types the other files see.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The byte ranges of a file's view code.
private final class ViewCodeRemover: SyntaxVisitor {
  let viewTypes: Set<String>
  /// The view types' names as the files write them in signatures: their last components.
  let viewTypeNames: Set<String>
  var ranges: [Range<Int>] = []
  var removed = ViewCode.Removed()
  var uiKitNames: Set<String> = []
  private var scope: [String] = []

  init(viewTypes: Set<String>) {
    self.viewTypes = viewTypes
    self.viewTypeNames = Set(viewTypes.map { String($0.split(separator: ".").last ?? "") })
    super.init(viewMode: .sourceAccurate)
  }

  private func remove(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    self.ranges.append(node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset)
    return .skipChildren
  }

  private func type(_ name: String, _ clause: InheritanceClauseSyntax?, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    let qualified = (self.scope + [name]).joined(separator: ".")
    if self.viewTypes.contains(qualified) || ViewCode.inheritsViewCode(clause, known: self.viewTypes) {
      // `struct X_Previews: PreviewProvider` is a preview.
      let isPreview = clause?.inheritedTypes.contains { ViewCode.baseName($0.type) == "PreviewProvider" } ?? false
      if isPreview { self.removed.previews += 1 } else { self.removed.views += 1 }
      return self.remove(node)
    }
    self.scope.append(name)
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    self.type(node.name.text, node.inheritanceClause, node)
  }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    self.type(node.name.text, node.inheritanceClause, node)
  }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    self.type(node.name.text, node.inheritanceClause, node)
  }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    self.type(node.name.text, node.inheritanceClause, node)
  }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.extendedType.trimmedDescription
    if self.viewTypes.contains(name) || self.viewTypes.contains((self.scope + [name]).joined(separator: "."))
      || ViewCode.inheritsViewCode(node.inheritanceClause, known: self.viewTypes)
      || self.mentionsViewCode(Syntax(node.extendedType))
    {
      self.removed.extensions += 1
      return self.remove(node)
    }
    self.scope.append(name)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { self.leave(node) }
  override func visitPost(_ node: ClassDeclSyntax) { self.leave(node) }
  override func visitPost(_ node: EnumDeclSyntax) { self.leave(node) }
  override func visitPost(_ node: ActorDeclSyntax) { self.leave(node) }
  override func visitPost(_ node: ExtensionDeclSyntax) { self.leave(node) }

  /// Leaves a type's scope (a removed type never entered it: its children were skipped).
  private func leave(_ node: some DeclSyntaxProtocol) {
    if !self.ranges.contains(where: { $0.lowerBound == node.positionAfterSkippingLeadingTrivia.utf8Offset }) {
      self.scope.removeLast()
    }
  }

  // `#Preview { … }`: a declaration, or at the top level of a file an expression.
  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.macroName.text == "Preview" else { return .visitChildren }
    self.removed.previews += 1
    return self.remove(node)
  }
  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    guard node.macroName.text == "Preview" else { return .visitChildren }
    self.removed.previews += 1
    return self.remove(node)
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let signature = node.bindings.compactMap { $0.typeAnnotation.map { Syntax($0) } }
    return self.member(node, attributes: node.attributes, signature: signature)
  }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    self.member(node, attributes: node.attributes, signature: [Syntax(node.signature)])
  }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    self.member(node, attributes: node.attributes, signature: [Syntax(node.parameterClause), Syntax(node.returnClause)])
  }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    self.member(node, attributes: node.attributes, signature: [Syntax(node.signature)])
  }

  /// Removes a member that makes or holds view code: a view attribute, or a view type (`some
  /// View`, `AnyView`, one of the files' view types) in its signature.
  private func member(
    _ node: some DeclSyntaxProtocol, attributes: AttributeListSyntax, signature: [Syntax]
  ) -> SyntaxVisitorContinueKind {
    let hasViewAttribute = attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return ViewCode.viewAttributes.contains(ViewCode.baseName(attribute.attributeName))
    }
    guard hasViewAttribute || signature.contains(where: self.mentionsViewCode) else { return .visitChildren }
    self.removed.members += 1
    return self.remove(node)
  }

  /// Whether a type or signature names a view protocol or class, a view-only type of SwiftUI's,
  /// or one of the files' view types. A member of another type (`Action.View`) isn't one, unless
  /// it's SwiftUI's or UIKit's (`SwiftUI.View`).
  private func mentionsViewCode(_ syntax: Syntax) -> Bool {
    syntax.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind else { return false }
      if let dot = token.previousToken(viewMode: .sourceAccurate), dot.tokenKind == .period {
        guard let base = dot.previousToken(viewMode: .sourceAccurate), ["SwiftUI", "UIKit"].contains(base.text) else {
          return false
        }
      }
      return ViewCode.viewProtocols.contains(name) || ViewCode.viewClasses.contains(name)
        || ViewCode.viewOnlyTypes.contains(name) || self.viewTypeNames.contains(name)
    }
  }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
    if case .identifier(let name) = token.tokenKind, name.hasPrefix("UI"), name.count > 2,
      name[name.index(name.startIndex, offsetBy: 2)].isUppercase
    {
      self.uiKitNames.insert(name)
    }
    return .visitChildren
  }
}
