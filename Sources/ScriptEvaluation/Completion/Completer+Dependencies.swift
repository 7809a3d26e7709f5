import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax
import TypeShapes

/// TAB after `$0.` in a `withDependencies:` closure and after `store.dependencies.`: the
/// dependencies a script can set, and a client's endpoints and values.
extension Completer {
  /// The names after the dependencies' root in `text` (`$0.apiClient` → `["apiClient"]`), when
  /// `text` is a path into `DependencyValues`: `$0…` inside `withDependencies: {`, or
  /// `store.dependencies…` on a store.
  func dependencyPath(_ text: String, before: [Token]) -> [String]? {
    var names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if names.first == "$0" {
      let inDependencies = before.contains { if case .identifier("withDependencies") = $0.kind { return true }; return false }
      guard inDependencies else { return nil }
      names.removeFirst()
    } else if names.count >= 2, names[1] == "dependencies", self.environment.storesByName[names[0]] != nil {
      names.removeFirst(2)
    } else {
      return nil
    }
    return names.filter { !$0.isEmpty }
  }

  /// The dependencies a script can set (the built-in ones and those the catalog's features read
  /// with `@Dependency`), or the members of the one `path` names.
  func dependencyMembers(_ path: [String]) -> [String] {
    let features: [any AnyFeature] = self.environment.currentStore.map { [$0.feature] } ?? self.environment.catalog.features
    let read: [DependencyShape] = features.flatMap { $0.playgroundDependencies() }
    guard let first = path.first else {
      let builtIns: [String] = DependencyAssignments.builtIns.map(\.name)
      let clients: [String] = read.map { String($0.name.prefix { $0 != "." }) }
      return builtIns + clients
    }
    guard let dependency = read.first(where: { $0.name == first }) else {
      return first == "date" && path.count == 1 ? ["now"] : []
    }
    var type = dependency.type
    for name in path.dropFirst() {
      guard let field = TypeSchema.of(unwrapOptional(type)).fields.first(where: { $0.name == name }) else { return [] }
      type = field.type
    }
    return self.fields(of: type)
  }
}

/// TAB inside a case key path's subscript: `send(\.rows[` offers `id: `, and
/// `send(\.rows[id: ` the ids the store's state holds.
extension Completer {
  func caseKeyPathSubscript(_ tokens: [Token]) -> [String]? {
    guard let backslash = tokens.lastIndex(where: { if case .punctuation("\\") = $0.kind { return true }; return false })
    else { return nil }
    var tail = Array(tokens[(backslash + 1)...])
    let wantsIDs: Bool
    if case .punctuation("[")? = tail.last?.kind {
      wantsIDs = false
      tail.removeLast()
    } else if tail.count >= 3, case .punctuation(":") = tail[tail.count - 1].kind,
      case .identifier("id") = tail[tail.count - 2].kind, case .punctuation("[") = tail[tail.count - 3].kind
    {
      wantsIDs = true
      tail.removeLast(3)
    } else {
      return nil
    }
    // The path before the subscript is whole: no brackets left open in it.
    let depth = tail.reduce(0) { depth, token in
      if case .punctuation(let p) = token.kind { return depth + (p == "[" ? 1 : p == "]" ? -1 : 0) }
      return depth
    }
    guard depth == 0, let actionType = self.actionTypeOfVerbArgument(before: Array(tokens[..<backslash])),
      let expr = try? Parser.parseExpression("\\" + tail.map(\.text).joined()),
      let casePath = try? self.evaluator.casePaths.casePathArgument(expr, root: actionType, scope: .topLevel),
      let idType = CasePathResolver.idType(ofIdentifiedAction: unwrapOptional(casePath.valueType))
    else { return wantsIDs ? [] : nil }
    guard wantsIDs else { return ["id: "] }
    guard let state = self.environment.currentStore?.driver.state else { return [] }
    return StateIDs.ids(ofType: idType, in: state)
  }
}
