import ComposableArchitecture
import FeatureCatalog
import Foundation
import TCAScriptSyntax

/// Completion candidates for a line being typed: what the REPL's TAB offers.
public struct Completions: Equatable, Sendable {
  /// Where the text being completed starts (a character offset into the line).
  public var start: Int
  /// Candidate replacements for the text from `start` to the cursor, sorted.
  public var candidates: [String]
}

/// Completes a line being typed (the REPL's TAB) from what the session's environment holds.
@MainActor
package struct Completer {
  package let evaluator: Evaluator

  package init(evaluator: Evaluator) {
    self.evaluator = evaluator
  }

  package var environment: ScriptEnvironment { self.evaluator.environment }
  private var types: TypeRegistry { self.evaluator.types }
  private var catalog: Catalog { self.environment.catalog }

  /// The completions for `line` with the cursor at `cursor` (a character offset): commands are
  /// left to the REPL; this offers bindings, stores, types and reducers, store methods, state
  /// fields at any key-path depth, enum cases at any nesting depth of the expected type (inside
  /// `send(…)`, `receive(…)`, initializers and case payloads), and catalog presets.
  package func completions(for line: String, cursor: Int) -> Completions {
    let characters = Array(line)
    let cursor = min(max(cursor, 0), characters.count)
    var start = cursor
    while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "_" {
      start -= 1
    }
    let partial = String(characters[start..<cursor])
    let before = String(characters[..<start])
    let candidates = self.candidates(before: before, partial: partial)
    let filtered = Set(candidates.filter { $0.hasPrefix(partial) && $0 != partial || (partial.isEmpty && !$0.isEmpty) })
    return Completions(start: start, candidates: filtered.sorted())
  }

  private func candidates(before: String, partial: String) -> [String] {
    guard let tokens = try? Lexer.tokenize(before) else { return [] }
    let significant = tokens.filter { if case .end = $0.kind { return false }; return true }
    if let subscriptCandidates = self.caseKeyPathSubscript(significant) {
      return subscriptCandidates
    }
    // Right after `(` or a label's `:` in a call whose argument type is known: that type's
    // values (`.element`, `.didTapPlus`, the ids in the state) or the label to write first.
    if case .punctuation(let p)? = significant.last?.kind, p == "(" || p == ":",
      let expected = self.expectedArgument(in: significant)
    {
      if p == "(", let field = expected.field, !field.name.isEmpty, !field.isPositional {
        return [field.name + ": "]
      }
      return self.argumentValues(expected)
    }
    guard case .punctuation(".")? = significant.last?.kind else {
      return self.topLevelNames()
    }
    // `.` preceded by the end of an expression is a member access; otherwise an implicit member.
    let beforeDot = significant.dropLast()
    if let last = beforeDot.last, Self.endsExpression(last) {
      return self.memberCandidates(chain: Array(beforeDot))
    }
    guard let type = self.expectedType(in: Array(beforeDot)) else { return [] }
    return self.implicitMembers(of: type)
  }

  private static func endsExpression(_ token: Token) -> Bool {
    switch token.kind {
    case .identifier, .dollar, .integer, .string: return true
    case .punctuation(let p): return p == ")" || p == "]" || p == "?" || p == "!" || p == "\\"
    default: return false
    }
  }

  private func topLevelNames() -> [String] {
    Array(self.environment.bindings.keys) + self.types.allNames
      + self.catalog.features.flatMap { $0.reducerNames + [_typeName($0.stateType)] }
      + ["let", "var", "TestStore", "Store", "IdentifiedArrayOf", "true", "false", "nil"]
  }

  /// Enum cases and catalog values of a type: what `.` offers where that type is expected.
  func implicitMembers(of type: Any.Type) -> [String] {
    let type = unwrapOptional(type)
    return TypeSchema.of(type).cases.map(\.name) + self.types.staticMembers(of: type).map(\.name)
      + (type == Duration.self ? ["seconds", "milliseconds"] : [])
  }

  /// Members after `base.`: store commands and state fields, fields of a value, cases and
  /// values of a type.
  private func memberCandidates(chain: [Token]) -> [String] {
    // Take the trailing postfix chain: names, `.`, balanced brackets, `?`, `\`, `$0`.
    var index = chain.count
    var depth = 0
    while index > 0 {
      let token = chain[index - 1]
      if case .punctuation(let p) = token.kind {
        if p == ")" || p == "]" { depth += 1 } else if p == "(" || p == "[" {
          if depth == 0 { break }
          depth -= 1
        } else if depth == 0, ![".", "?", "!", "\\"].contains(p) { break }
      } else if depth == 0, case .keyword = token.kind { break }
      index -= 1
    }
    let expressionTokens = Array(chain[index...])
    let text = expressionTokens.map(\.text).joined()
    // `\.a.b` and `\Type.a`: key paths.
    if text.hasPrefix("\\") {
      if let actionType = self.actionTypeOfVerbArgument(before: Array(chain[..<index])) {
        return self.caseKeyPathMembers(text, actionType: actionType)
      }
      let path = String(text.dropFirst())
      if path.isEmpty, let store = self.environment.currentStore { return self.fields(of: store.driver.stateType) }
      return self.fields(ofPath: path)
    }
    if let path = self.dependencyPath(text, before: Array(chain[..<index])) {
      return self.dependencyMembers(path)
    }
    if text.hasPrefix("$0"), let store = self.environment.currentStore {
      return self.fields(ofPath: "_" + text.dropFirst(2), root: store.driver.stateType)
    }
    guard let expr = try? Parser.parseExpression(text) else { return [] }
    // Resolve types statically along the path, so that completion works on empty state too.
    let (root, steps) = self.evaluator.paths.decompose(expr)
    if !steps.isEmpty, let rootValue = try? self.evaluator.evaluateSync(root, scope: .topLevel) {
      var rootType: Any.Type?
      var rest = steps[...]
      switch rootValue {
      case let .store(store):
        if case .member("state", _)? = rest.first {
          rootType = store.driver.stateType
          rest = rest.dropFirst()
        }
      case let .swift(v):
        rootType = type(of: v)
      default:
        break
      }
      if let rootType, let path = try? self.evaluator.paths.resolvePath(Array(rest), from: rootType, scope: .topLevel) {
        return self.fields(of: path.valueType)
      }
    }
    let value = try? self.evaluator.evaluateSync(expr, scope: .topLevel)
    switch value {
    case let .store(store)?:
      return ["state", "send", "receive", "finish", "skipReceivedActions", "skipInFlightEffects", "advance",
        "exhaustivity", "environment", "dependencies", "withState", "subscribe", "unsubscribe", "assert", "withExhaustivity"]
        + self.fields(of: store.driver.stateType)
    case let .swift(v)?:
      return self.fields(of: type(of: v))
    case let .type(t)?:
      return self.implicitMembers(of: t)
    default:
      return []
    }
  }

  /// The action type when `tokens` end with `store.send(` or `store.receive(`: a key path there
  /// is a case key path into the store's actions.
  func actionTypeOfVerbArgument(before tokens: [Token]) -> Any.Type? {
    guard tokens.count >= 2, case .punctuation("(") = tokens[tokens.count - 1].kind,
      case let .identifier(verb) = tokens[tokens.count - 2].kind, verb == "send" || verb == "receive"
    else { return nil }
    if tokens.count >= 4, case .punctuation(".") = tokens[tokens.count - 3].kind,
      case let .identifier(name) = tokens[tokens.count - 4].kind,
      case let .store(store)? = try? self.evaluator.evaluateSync(.identifier(name, tokens[tokens.count - 4].range), scope: .topLevel)
    {
      return store.driver.actionType
    }
    return self.environment.currentStore?.driver.actionType
  }

  /// What may follow `\.a.b.` in a case key path: the cases of the value at `\.a.b`, or, past
  /// `\.binding`, the state's bindable fields.
  private func caseKeyPathMembers(_ text: String, actionType: Any.Type) -> [String] {
    var valueType = actionType
    if text != "\\" {
      guard let expr = try? Parser.parseExpression(text),
        let casePath = try? self.evaluator.casePaths.casePathArgument(expr, root: actionType, scope: .topLevel)
      else { return [] }
      valueType = casePath.valueType
    }
    let base = unwrapOptional(valueType)
    if let binding = base as? any _BindingActionType.Type {
      return TypeSchema.of(binding.rootType).fields.map(\.scriptName)
    }
    return TypeSchema.of(base).cases.map(\.name)
  }

  /// Fields (and computed properties) of a type.
  package func fields(of type: Any.Type) -> [String] {
    var type = unwrapOptional(type)
    if let identified = type as? any _IdentifiedCollection.Type { type = identified.elementType }
    return TypeSchema.of(type).fields.map(\.scriptName)
      + self.types.computedProperties(of: type).map(\.name)
  }

  /// Fields at the end of a dotted path: `Type.a.b` or, with `root`, `_.a.b`.
  private func fields(ofPath path: String, root: Any.Type? = nil) -> [String] {
    var names = path.split(separator: ".", omittingEmptySubsequences: true).map {
      String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
    var type: Any.Type
    if let root {
      type = root
      if names.first == "_" { names.removeFirst() }
    } else if let store = self.environment.currentStore, path.hasPrefix(".") || names.isEmpty {
      type = store.driver.stateType
    } else if let first = names.first, let named = self.types.type(named: first) {
      type = named
      names.removeFirst()
    } else if let store = self.environment.currentStore {
      type = store.driver.stateType
    } else {
      return []
    }
    for name in names {
      var base = unwrapOptional(type)
      if let identified = base as? any _IdentifiedCollection.Type { base = identified.elementType }
      guard let field = TypeSchema.of(base).fields.first(where: { $0.name == name }) else { return [] }
      type = field.type
    }
    return self.fields(of: type)
  }

  /// What an argument position expects: its type and, for a payload or initializer argument,
  /// the field.
  struct ExpectedArgument {
    package var type: Any.Type
    package var field: TypeSchema.Field?
  }

  /// The values offered at an argument position: ids of the current store's state where an id is
  /// expected (`id:`, or any `UUID`), else the expected type's cases and static values as
  /// implicit members, else the names in scope.
  private func argumentValues(_ expected: ExpectedArgument) -> [String] {
    let type = unwrapOptional(expected.type)
    if expected.field?.name == "id" || type == UUID.self, let state = self.environment.currentStore?.driver.state {
      // No ids in the state yet: nothing to offer (a type's other members would mislead).
      return StateIDs.ids(ofType: type, in: state)
    }
    let members = self.implicitMembers(of: type)
    return members.isEmpty ? self.topLevelNames() : members.map { "." + $0 }
  }

  /// The type expected at the end of `tokens` (an argument position): walks the unclosed calls.
  func expectedType(in tokens: [Token]) -> Any.Type? {
    self.expectedArgument(in: tokens)?.type
  }

  /// The argument expected at the end of `tokens`: walks the unclosed calls.
  func expectedArgument(in tokens: [Token]) -> ExpectedArgument? {
    struct Frame {
      var callee: [Token]
      package var label: String?
    }
    var frames: [Frame] = []
    var segmentStart = 0
    for (i, token) in tokens.enumerated() {
      switch token.kind {
      case .punctuation("("):
        frames.append(Frame(callee: Array(tokens[segmentStart..<i])))
        segmentStart = i + 1
      case .punctuation(")"):
        if !frames.isEmpty { frames.removeLast() }
        segmentStart = i + 1
      case .punctuation(","), .punctuation("{"), .punctuation("="):
        if !frames.isEmpty { frames[frames.count - 1].label = nil }
        segmentStart = i + 1
      case .punctuation(":"):
        if case let .identifier(label)? = i > 0 ? tokens[i - 1].kind : nil, !frames.isEmpty {
          frames[frames.count - 1].label = label
        }
        segmentStart = i + 1
      default:
        break
      }
    }
    var expected: ExpectedArgument?
    for frame in frames {
      expected = self.argument(callee: frame.callee, label: frame.label, enclosing: expected?.type)
      if expected == nil { return nil }
    }
    return expected
  }

  private func argument(callee: [Token], label: String?, enclosing: Any.Type?) -> ExpectedArgument? {
    let text = callee.map(\.text).joined()
    let field = { (field: TypeSchema.Field?) in field.map { ExpectedArgument(type: $0.type, field: $0) } }
    if text.hasSuffix(".send") || text.hasSuffix(".receive") {
      let storeName = String(text.dropLast(text.hasSuffix(".send") ? 5 : 8))
      guard let store = self.environment.storesByName[storeName] ?? self.environment.currentStore else { return nil }
      return ExpectedArgument(type: store.driver.actionType)
    }
    if text.hasPrefix("."), let enclosing {
      let name = String(text.dropFirst())
      let base = unwrapOptional(enclosing)
      if let enumCase = TypeSchema.of(base).cases.first(where: { $0.name == name }) {
        return field(label.flatMap { label in enumCase.payload.first { $0.name == label } } ?? enumCase.payload.first)
      }
      if name == "init" {
        return field(label.flatMap { label in TypeSchema.of(base).fields.first { $0.name == label } })
      }
      return nil
    }
    if let named = self.types.type(named: text) {
      return field(label.flatMap { label in TypeSchema.of(named).fields.first { $0.name == label } })
    }
    if let dot = text.lastIndex(of: "."), let owner = self.types.type(named: String(text[..<dot])) {
      let name = String(text[text.index(after: dot)...])
      if let enumCase = TypeSchema.of(owner).cases.first(where: { $0.name == name }) {
        return field(label.flatMap { label in enumCase.payload.first { $0.name == label } } ?? enumCase.payload.first)
      }
    }
    return nil
  }
}
