import ComposableArchitecture
import TypeShapes

/// A reducer's composition as `:info` prints it: one line per reducer in `body` order
/// (`Reduce`, `Scope`, `forEach`, `ifLet`, presentation and stack destinations, `onChange`…),
/// children indented under the reducer that runs them.
///
/// It is read from the reducer value itself: a `@Reducer`'s `body` is a nested generic value
/// (`_Sequence<Scope<…>, Reduce<…>>`) whose parts `Mirror` lists, with their key paths and
/// case paths. Key paths are named from their description (`\State.count`) or, for computed
/// properties such as `@Presents`' `$destination`, from the state's fields; case paths from the
/// action case whose payload has the path's value type.
struct ReducerComposition {
  /// One line of the tree: its depth and text.
  struct Line: Equatable {
    var depth: Int
    var text: String
  }

  /// Dependencies met on the way: property name, value type, and the reducer declaring it.
  private(set) var dependencies: [(name: String, type: String, owner: String)] = []
  /// The types of the lesson's or user's reducers met on the way, each once, the root first.
  private(set) var reducerTypes: [Any.Type] = []
  private(set) var lines: [Line] = []
  private var expanded: Set<String> = []

  /// The composition of `reducer` (a `Reducer` value).
  static func of(_ reducer: Any) -> ReducerComposition {
    var composition = ReducerComposition()
    composition.walkUserReducer(reducer, depth: 0, isRoot: true)
    return composition
  }

  // MARK: - Walking

  private mutating func walk(_ reducer: Any, depth: Int) {
    guard depth < 24 else { return }
    let qualified = TypeNames.qualified(type(of: reducer))
    let base = TypeNames.base(of: qualified)
    let children = Mirror(reflecting: reducer).children
    func child(_ label: String) -> Any? { children.first { $0.label == label }?.value }

    switch base.split(separator: ".").last.map(String.init) ?? base {
    case "_Sequence" where base.hasPrefix("ComposableArchitecture."):
      if let r0 = child("r0") { walk(r0, depth: depth) }
      if let r1 = child("r1") { walk(r1, depth: depth) }
    case "_ReducerArray" where base.hasPrefix("ComposableArchitecture."):
      for element in (child("reducers").map { Mirror(reflecting: $0).children.map(\.value) } ?? []) {
        walk(element, depth: depth)
      }
    case "_Conditional" where base.hasPrefix("ComposableArchitecture."):
      if let branch = children.first {
        add(depth, branch.label == "first" ? "if (first branch):" : "else (second branch):")
        walk(branch.value, depth: depth + 1)
      }
    case "Optional" where base == "Swift.Optional":
      add(depth, "if (optional):")
      if let wrapped = children.first?.value { walk(wrapped, depth: depth + 1) }
    case "CombineReducers" where base.hasPrefix("ComposableArchitecture."):
      add(depth, "CombineReducers")
      if let reducers = child("reducers") { walk(reducers, depth: depth + 1) }
    case "Reduce" where base.hasPrefix("ComposableArchitecture."):
      // `Reduce(someReducer)` erases a reducer it keeps: look through it.
      if let erased = child("erased"), let inner = Mirror(reflecting: erased).children.first?.value {
        walk(inner, depth: depth)
      } else {
        add(depth, "Reduce")
      }
    case "EmptyReducer" where base.hasPrefix("ComposableArchitecture."):
      add(depth, "EmptyReducer")
    case "BindingReducer" where base.hasPrefix("ComposableArchitecture."):
      add(depth, "BindingReducer")
    case "Scope" where base.hasPrefix("ComposableArchitecture."):
      let state = child("toChildState").map { scopeStatePath($0, reducer: reducer) } ?? "?"
      let action = child("toChildAction").map { casePathText($0, root: ReducerTypes.action(of: reducer)) } ?? "?"
      addChild("Scope(state: \(state), action: \(action))", child("child"), depth: depth)
    case "_IfLetReducer", "_IfCaseLetReducer", "_ForEachReducer", "_PresentationReducer", "_StackReducer":
      walkNavigation(reducer, kind: String(base.split(separator: ".").last!), children: children, depth: depth)
    case "_OnChangeReducer" where base.hasPrefix("ComposableArchitecture."):
      if let base = child("base") { walk(base, depth: depth) }
      let value = TypeNames.genericArguments(of: qualified).dropFirst().first.map(TypeNames.short) ?? "?"
      add(depth, "onChange(of: \(value))")
    case "_DependencyKeyWritingReducer" where base.hasPrefix("ComposableArchitecture."):
      if let base = child("base") { walk(base, depth: depth) }
      add(depth, "dependency (overrides dependencies of the reducers above)")
    case "_PrintChangesReducer" where base.hasPrefix("ComposableArchitecture."):
      if let base = child("base") { walk(base, depth: depth) }
      add(depth, "_printChanges")
    default:
      if base.hasPrefix("ComposableArchitecture.") {
        add(depth, TypeNames.short(qualified))
      } else {
        walkUserReducer(reducer, depth: depth, isRoot: false)
      }
    }
  }

  /// `ifLet`, `ifCaseLet`, `forEach` (identified arrays and stacks) and presentation `ifLet`.
  private mutating func walkNavigation(_ reducer: Any, kind: String, children: Mirror.Children, depth: Int) {
    func child(_ label: String) -> Any? { children.first { $0.label == label }?.value }
    let parent = child("parent") ?? child("base")
    if let parent { walk(parent, depth: depth) }
    let root = parent.map(ReducerTypes.action(of:)) ?? nil
    let state: String
    let action: String
    let name: String
    let destination: Any?
    var note = ""
    switch kind {
    case "_IfLetReducer":
      (name, destination) = ("ifLet", child("child"))
      state = child("toChildState").map { keyPathText($0, reducer: parent) } ?? "?"
      action = child("toChildAction").map { casePathText($0, root: root) } ?? "?"
    case "_IfCaseLetReducer":
      (name, destination) = ("ifCaseLet", child("child"))
      state = child("toChildState").map { casePathText($0, root: parent.map(ReducerTypes.state(of:)) ?? nil) } ?? "?"
      action = child("toChildAction").map { casePathText($0, root: root) } ?? "?"
    case "_ForEachReducer":
      (name, destination) = ("forEach", child("element"))
      state = child("toElementsState").map { keyPathText($0, reducer: parent) } ?? "?"
      action = child("toElementAction").map { casePathText($0, root: root) } ?? "?"
    case "_PresentationReducer":
      (name, destination, note) = ("ifLet", child("destination"), " (presentation)")
      state = child("toPresentationState").map { keyPathText($0, reducer: parent) } ?? "?"
      action = child("toPresentationAction").map { casePathText($0, root: root) } ?? "?"
    default:
      (name, destination, note) = ("forEach", child("destination"), " (stack)")
      state = child("toStackState").map { keyPathText($0, reducer: parent) } ?? "?"
      action = child("toStackAction").map { casePathText($0, root: root) } ?? "?"
    }
    addChild("\(name)(\(state), action: \(action))\(note)", destination, depth: depth)
  }

  /// A line for a reducer that runs a child, then the child's composition under it.
  private mutating func addChild(_ text: String, _ child: Any?, depth: Int) {
    guard let child else { return add(depth, text) }
    let childBase = TypeNames.base(of: TypeNames.qualified(type(of: child)))
    if childBase.hasPrefix("ComposableArchitecture.") || childBase == "Swift.Optional" {
      // An enum reducer's body (`Path.body`): named after its enum.
      let named = ReducerTypes.state(of: child).flatMap(ReducerTypes.caseReducer(ofState:))
      add(depth, text + (named.map { " → " + TypeNames.short($0) } ?? ""))
      walk(child, depth: depth + 1)
    } else {
      add(depth, text + " → " + TypeNames.short(type(of: child)))
      walkUserReducer(child, depth: depth + 1, isRoot: true)
    }
  }

  /// A reducer type of the lesson or the user's file: its dependencies, then its body (or
  /// `reduce(into:action:)` when it has none).
  private mutating func walkUserReducer(_ reducer: Any, depth: Int, isRoot: Bool) {
    let name = TypeNames.short(type(of: reducer))
    if !self.reducerTypes.contains(where: { $0 == type(of: reducer) }) { self.reducerTypes.append(type(of: reducer)) }
    for property in Mirror(reflecting: reducer).children {
      guard let label = property.label, label.hasPrefix("_") else { continue }
      let valueType = TypeNames.qualified(type(of: property.value))
      guard valueType.hasPrefix("Dependencies.Dependency<") else { continue }
      let wrapped = TypeNames.short(String(valueType.dropFirst("Dependencies.Dependency<".count).dropLast()))
      if !dependencies.contains(where: { $0.name == String(label.dropFirst()) && $0.owner == name }) {
        dependencies.append((String(label.dropFirst()), wrapped, name))
      }
    }
    if !isRoot { add(depth, name) }
    let inner = isRoot ? depth : depth + 1
    guard expanded.insert(TypeNames.qualified(type(of: reducer))).inserted else {
      return add(inner, "(composition above)")
    }
    if let body = ReducerTypes.body(of: reducer) {
      walk(body, depth: inner)
    } else {
      add(inner, "reduce(into:action:)")
    }
  }

  private mutating func add(_ depth: Int, _ text: String) {
    lines.append(Line(depth: depth, text: text))
  }

  // MARK: - Paths

  /// `Scope`'s state path: a key path (`\.child`) or, for enum state, a case (`\.counter`).
  private func scopeStatePath(_ path: Any, reducer: Any) -> String {
    guard let inner = Mirror(reflecting: path).children.first else { return "?" }
    if inner.label == "keyPath" { return keyPathText(inner.value, reducer: nil, root: ReducerTypes.state(of: reducer)) }
    let casePath = Mirror(reflecting: inner.value).children.first?.value ?? inner.value
    return casePathText(casePath, root: ReducerTypes.state(of: reducer))
  }

  private func keyPathText(_ path: Any, reducer: Any?, root: Any.Type? = nil) -> String {
    guard let keyPath = path as? AnyKeyPath else { return "?" }
    let described = "\(keyPath)"
    if !described.contains("<computed"), described.hasPrefix("\\"), let dot = firstTopLevelDot(described) {
      return "\\." + described[described.index(after: dot)...]
    }
    // A computed property (`@Presents`' `$destination`): a field of the state with its key
    // path, or else the one field of the key path's value type.
    let rootType = root ?? reducer.map(ReducerTypes.state(of:)) ?? nil
    guard let rootType, case let .struct(shape)? = playgroundShape(of: rootType) else { return "?" }
    if let field = shape.fields.first(where: { $0.keyPath == keyPath }) { return "\\.\(field.name)" }
    let valueName = TypeNames.qualified(type(of: keyPath).valueType)
    let wrapped = TypeNames.genericArguments(of: valueName).first
    let matches = shape.fields.filter { field in
      let fieldName = TypeNames.qualified(field.type)
      return fieldName == valueName || (wrapped != nil && TypeNames.genericArguments(of: fieldName).first == wrapped)
    }
    guard matches.count == 1 else { return "?" }
    return valueName.hasPrefix("ComposableArchitecture.PresentationState<") ? "\\.$\(matches[0].name)" : "\\.\(matches[0].name)"
  }

  /// The case of `root` (an enum type) whose payload has the case path's value type.
  private func casePathText(_ path: Any, root: Any.Type?) -> String {
    let arguments = TypeNames.genericArguments(of: TypeNames.qualified(type(of: path)))
    guard arguments.count == 2, let root, case let .enum(shape)? = playgroundShape(of: root) else { return "?" }
    let value = arguments[1]
    for shapeCase in shape.cases {
      let payload = shapeCase.payload.map { TypeNames.qualified($0.type) }
      if payload == [value] || "(" + payload.joined(separator: ", ") + ")" == value
        || (payload.count == 1 && value.hasPrefix("(") && payload[0] == "ComposableArchitecture.IdentifiedAction<" + value.dropFirst().dropLast() + ">")
      {
        return "\\.\(shapeCase.name)"
      }
    }
    return "?"
  }

  private func firstTopLevelDot(_ text: String) -> String.Index? {
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "<", "(": depth += 1
      case ">", ")": depth -= 1
      case "." where depth == 0: return index
      default: break
      }
    }
    return nil
  }
}

/// Opens reducer values to read their associated types and bodies.
enum ReducerTypes {
  static func action(of reducer: Any) -> Any.Type? {
    (reducer as? any Reducer).map { actionType($0) }
  }

  static func state(of reducer: Any) -> Any.Type? {
    (reducer as? any Reducer).map { stateType($0) }
  }

  /// The reducer's `body`, unless it has none (`Body == Never`: it implements `reduce` itself).
  static func body(of reducer: Any) -> Any? {
    guard let reducer = reducer as? any Reducer else { return nil }
    return body(reducer)
  }

  /// The enum reducer (`@Reducer enum Path`) whose state `state` is, if it is one.
  static func caseReducer(ofState state: Any.Type) -> Any.Type? {
    (state as? any CaseReducerState.Type).map { caseReducer($0) }
  }

  private static func caseReducer<S: CaseReducerState>(_: S.Type) -> Any.Type { S.StateReducer.self }
  private static func actionType<R: Reducer>(_: R) -> Any.Type { R.Action.self }
  private static func stateType<R: Reducer>(_: R) -> Any.Type { R.State.self }
  private static func body<R: Reducer>(_ reducer: R) -> Any? {
    R.Body.self == Never.self ? nil : reducer.body
  }
}
