import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

/// `:type EXPR`: what type an expression's value has.
extension Interpreter {
  /// The type of an expression's value, as `:type EXPR` prints it: `store.state.stackData` is
  /// `IdentifiedArray<Int, DemoItemState>`. The expression is evaluated, so one that would
  /// change the session (`store.send(…)`, a mutating method) is refused.
  package func describeType(of source: String) async -> SessionOutput {
    let trimmed = source.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      return SessionOutput(.error, "error: expected an expression, as in ':type store.state'")
    }
    do {
      let expr = try Parser.parseExpression(trimmed)
      if Statement.expression(expr).isMutating {
        throw ScriptError(":type doesn't run actions or change state; give it a value, such as 'store.state'", at: expr.range)
      }
      if let declared = try self.declaredStateType(of: trimmed) {
        return SessionOutput(.value, TypeNames.short(declared))
      }
      let value = try await withIssueReporters(self.output.reporters) {
        try await self.evaluate(expr, scope: .topLevel, bindingName: nil)
      }
      self.output.flushIssues()
      _ = self.output.take()
      return SessionOutput(.value, Self.typeText(of: value))
    } catch let error as ScriptError {
      return SessionOutput(.error, Diagnostics.render(error, source: trimmed, origin: ":type", showsPosition: false))
    } catch {
      return SessionOutput(.error, "error: \(error)")
    }
  }

  /// The declared type of a path into a store's state (`store.state.stackData[id: 1]` is a
  /// `DemoItemState?` even when the row is missing), or `nil` for other expressions.
  private func declaredStateType(of source: String) throws(ScriptError) -> Any.Type? {
    guard let match = source.firstMatch(of: /^([A-Za-z_][A-Za-z0-9_]*)\.state(\.|\[)/),
      let store = self.environment.storesByName[String(match.1)]
    else { return nil }
    let path = String(source[match.range.upperBound...])
    let written = (match.2 == "[" ? "[" : "") + path
    guard case let .keyPath(nil, components, range) = try Parser.parseExpression("\\." + written) else { return nil }
    let scope = EvaluationScope(closureParameter: nil, store: store)
    do {
      return try self.evaluator.paths.keyPath(root: nil, components, range: range, scope: scope).valueType
    } catch {
      // Ranges point into `\.` + written; shift them onto the source.
      var shifted = error
      let prefixLength = source.distance(from: source.startIndex, to: match.range.upperBound)
      shifted.range?.column += prefixLength - (match.2 == "[" ? 3 : 2)
      throw shifted
    }
  }

  /// How `:type` writes a value's type.
  static func typeText(of value: RuntimeValue) -> String {
    switch value {
    case let .swift(value): return TypeNames.short(type(of: value))
    case let .store(store):
      let kind = store.driver.isTestStore ? "TestStore" : "Store"
      return "\(kind)<\(TypeNames.short(store.feature.stateType)), \(TypeNames.short(store.feature.actionType))>"
    case let .keyPath(path):
      let kind = path.isWritable ? "WritableKeyPath" : "KeyPath"
      return "\(kind)<\(TypeNames.short(path.root)), \(TypeNames.short(path.valueType))>"
    case let .casePath(path):
      let kind = path.isAnyCasePath ? "AnyCasePath" : "CaseKeyPath"
      return "\(kind)<\(TypeNames.short(path.root)), \(TypeNames.short(path.valueType))>"
    case let .type(type): return TypeNames.short(type) + ".Type"
    case let .namespace(name): return "\(name) (a namespace of nested types)"
    case let .feature(feature):
      return "a reducer of \(feature.name): State \(TypeNames.short(feature.stateType)), Action \(TypeNames.short(feature.actionType))"
    case let .variant(name): return ".\(name) (an environment or dependency variant)"
    case let .closure(closure):
      let count = closure.syntax.signature?.parameters.count
      return count.map { "a closure of \($0) parameter\($0 == 1 ? "" : "s")" } ?? "a closure"
    case .void: return "Void"
    }
  }
}
