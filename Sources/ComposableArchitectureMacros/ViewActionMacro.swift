import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewAction(for: Feature.self)`: conforms a type holding a `store` of a feature whose actions
/// are `ViewAction`s to `ViewActionSending`, so that it sends view actions as `send(.tapped)`.
///
/// Like TCA's, it warns where the type sends a view action through the store directly
/// (`store.send(.view(.tapped))`), with a fix-it that rewrites it to `send(.tapped)`.
public enum ViewActionMacro: ConformanceMacro {
  public static func conformances(
    of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> String? {
    let finder = DirectViewActionSendFinder(viewMode: .sourceAccurate)
    finder.walk(declaration.memberBlock)
    for call in finder.calls {
      context.diagnose(
        Diagnostic(
          node: call.node,
          message: MacroExpansionWarningMessage(
            "Do not use 'store.send' directly when using '@ViewAction'"
          ),
          fixIt: FixIt(
            message: MacroExpansionFixItMessage("Use 'send'"),
            changes: [.replace(oldNode: Syntax(call.node), newNode: Syntax(call.replacement))]
          )
        )
      )
    }
    guard !declaration.inherits(anyOf: ["ViewActionSending"].qualified()) else { return nil }
    return "ComposableArchitecture.ViewActionSending"
  }
}

/// Finds `store.send(.view(action))` and `self.store.send(.view(action))` calls.
private final class DirectViewActionSendFinder: SyntaxVisitor {
  var calls: [(node: FunctionCallExprSyntax, replacement: FunctionCallExprSyntax)] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard
      let send = node.calledExpression.as(MemberAccessExprSyntax.self),
      send.declName.baseName.text == "send",
      let base = send.base?.trimmedDescription,
      base == "store" || base == "self.store",
      node.arguments.count == 1,
      let view = node.arguments.first?.expression.as(FunctionCallExprSyntax.self),
      let viewCase = view.calledExpression.as(MemberAccessExprSyntax.self),
      viewCase.base == nil,
      viewCase.declName.baseName.text == "view",
      view.arguments.count == 1,
      let action = view.arguments.first?.expression
    else { return .visitChildren }
    let replacement: ExprSyntax = "send(\(action.trimmed))"
    self.calls.append(
      (
        node,
        replacement.cast(FunctionCallExprSyntax.self)
          .with(\.leadingTrivia, node.leadingTrivia)
          .with(\.trailingTrivia, node.trailingTrivia)
      )
    )
    return .visitChildren
  }
}
