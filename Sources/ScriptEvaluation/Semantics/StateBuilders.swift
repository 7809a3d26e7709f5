import TCAScriptSyntax

/// The result-builder spellings of TCA's navigation states, rewritten into the memberwise calls
/// the value builder knows:
///
/// ```swift
/// AlertState { TextState("Delete?") } actions: {
///   ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
/// } message: { TextState("Sure?") }
/// ```
///
/// becomes `AlertState(title: "Delete?", actions: [ButtonState(role: .destructive, action:
/// .confirm, label: "Delete")], message: "Sure?")` (so does `ConfirmationDialogState`), and
/// `TextState("x")` is its string.
enum StateBuilders {
  /// The expression in memberwise form, or `nil` when it isn't written with a builder.
  static func rewrite(_ expr: Expr) -> Expr? {
    guard case let .call(.identifier(name, nameRange), arguments, trailing, range) = expr else { return nil }
    switch name {
    case "TextState":
      guard trailing == nil, arguments.count == 1, arguments[0].label == nil else { return nil }
      return arguments[0].value
    case "AlertState", "ConfirmationDialogState":
      guard let trailing else { return nil }
      var rewritten = arguments.filter { !$0.isTrailingClosure }
      rewritten.append(Argument(label: "title", value: self.text(trailing), range: trailing.range))
      for argument in arguments where argument.isTrailingClosure {
        guard case let .closure(closure) = argument.value else { return nil }
        switch argument.label {
        case "actions":
          let buttons = closure.statements.map { statement -> Expr in
            guard case let .expression(button) = statement else { return .closure(closure) }
            return self.button(button)
          }
          rewritten.append(Argument(label: "actions", value: .array(buttons, closure.range), range: argument.range))
        case "message":
          rewritten.append(Argument(label: "message", value: self.text(closure), range: argument.range))
        default:
          rewritten.append(argument)
        }
      }
      return .call(.identifier(name, nameRange), rewritten, trailingClosure: nil, range)
    default:
      return nil
    }
  }

  /// `ButtonState(role: …, action: …) { TextState("OK") }` as `ButtonState(…, label: "OK")`.
  private static func button(_ expr: Expr) -> Expr {
    guard case let .call(.identifier("ButtonState", nameRange), arguments, trailing?, range) = expr else { return expr }
    let label = Argument(label: "label", value: self.text(trailing), range: trailing.range)
    return .call(.identifier("ButtonState", nameRange), arguments + [label], trailingClosure: nil, range)
  }

  /// A builder closure holding one text: `{ TextState("Hi") }` as `"Hi"`.
  private static func text(_ closure: Closure) -> Expr {
    guard closure.statements.count == 1, case let .expression(text) = closure.statements[0] else { return .closure(closure) }
    return self.rewrite(text) ?? text
  }
}
