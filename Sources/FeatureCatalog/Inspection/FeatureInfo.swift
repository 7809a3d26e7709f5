import ComposableArchitecture
import Foundation
import TypeShapes

/// What `:info FEATURE` prints: the feature's State tree (fields, types, default values), its
/// Action tree (cases and payloads, child features' actions nested under the case that carries
/// them), the reducer's composition in `body` order and the dependencies it declares (for a
/// 0.x reducer, its environment's fields). Indented, one line per node, deterministic.
///
/// ```
/// Counter  (CounterFeature)
/// State: CounterFeature.State
///   count: Int = 0
/// Action: CounterFeature.Action
///   case incrementButtonTapped
/// Reducer: CounterFeature
///   Reduce
/// Dependencies:
///   continuousClock: any Clock<Duration>  (CounterFeature)
/// ```
public enum FeatureInfo {
  /// The whole description of a feature, under the name the user typed.
  @MainActor
  public static func describe(_ feature: any AnyFeature, name: String) -> String {
    var lines: [String] = []
    let reducer = feature.inspectedReducer()
    let reducerName = reducer.map { TypeNames.short(type(of: $0)) } ?? feature.reducerNames.first
    lines.append(name + (reducerName.map { "  (\($0))" } ?? "") + ": " + feature.summary)
    lines.append("State: " + TypeNames.short(feature.stateType))
    lines += tree(of: feature.stateType, kind: .state).map { "  " + $0 }
    lines.append("Action: " + TypeNames.short(feature.actionType))
    lines += tree(of: feature.actionType, kind: .action).map { "  " + $0 }
    if let reducer {
      let composition = ReducerComposition.of(reducer)
      lines.append("Reducer: " + TypeNames.short(type(of: reducer)) + " (body in order)")
      lines += composition.lines.map { String(repeating: "  ", count: $0.depth + 1) + $0.text }
      lines.append("Dependencies:" + (composition.dependencies.isEmpty ? " none declared with @Dependency" : ""))
      lines += composition.dependencies.map { "  \($0.name): \($0.type)  (\($0.owner))" }
    } else {
      lines.append("Reducer: a 0.x reducer (a closure): its composition isn't visible")
      if let environmentType = feature.environmentType {
        lines.append("Environment: " + TypeNames.short(environmentType))
        if let environment = feature.inspectedEnvironment() {
          lines += Mirror(reflecting: environment).children.map { child in
            "  \(child.label ?? "_"): \(TypeNames.short(type(of: child.value)))"
          }
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Which tree a type is read for: state expands structs and enums, actions expand enums.
  public enum TreeKind: Sendable { case state, action }

  /// The members of a type, one line per node, children indented by two spaces.
  public static func tree(of type: Any.Type, kind: TreeKind) -> [String] {
    var builder = TreeBuilder(kind: kind)
    builder.visited.insert(ObjectIdentifier(type))
    builder.members(of: type, depth: 0)
    return builder.lines
  }
}

/// Builds ``FeatureInfo``'s type trees.
private struct TreeBuilder {
  let kind: FeatureInfo.TreeKind
  var lines: [String] = []
  var visited: Set<ObjectIdentifier> = []

  /// Types from these modules are containers or the runtime's own: looked through, not listed.
  private static let libraryModules: Set<String> = [
    "Swift", "Foundation", "ComposableArchitecture", "IdentifiedCollections", "OrderedCollections",
    "CasePaths", "Dependencies", "Clocks", "CombineSchedulers",
  ]

  mutating func members(of type: Any.Type, depth: Int) {
    guard depth < 8 else { return }
    switch playgroundShape(of: type) {
    case let .struct(shape)?:
      for field in shape.fields {
        var line = "\(field.name): \(TypeNames.short(field.type))"
        if let value = field.defaultValue { line += " = " + Self.oneLine(value()) }
        add(depth, line)
        expand(field.type, depth: depth + 1)
      }
      for property in playgroundProperties(of: type) {
        add(depth, "\(property.name): \(TypeNames.short(property.type))  (computed)")
      }
    case let .enum(shape)?:
      for shapeCase in shape.cases {
        let payload = shapeCase.payload.map { ($0.label.map { $0 + ": " } ?? "") + TypeNames.short($0.type) }
        add(depth, "case " + shapeCase.name + (payload.isEmpty ? "" : "(" + payload.joined(separator: ", ") + ")"))
        for parameter in shapeCase.payload { expand(parameter.type, depth: depth + 1) }
      }
    default:
      break
    }
  }

  /// The members of the features' own types a value of `type` holds, looking through optionals,
  /// collections and the runtime's navigation types.
  private mutating func expand(_ type: Any.Type, depth: Int) {
    let module = TypeNames.qualified(type).prefix { $0 != "." }
    guard Self.libraryModules.contains(String(module)) else {
      switch playgroundShape(of: type) {
      case .struct? where kind == .state, .enum?:
        if visited.insert(ObjectIdentifier(type)).inserted { members(of: type, depth: depth) }
      default: break
      }
      return
    }
    switch playgroundShape(of: type) {
    case let .optional(shape)?: expand(shape.wrapped, depth: depth)
    case let .sequence(shape)?: expand(shape.element, depth: depth)
    case let .dictionary(shape)?: expand(shape.value, depth: depth)
    case let .enum(shape)? where kind == .action && module == "ComposableArchitecture":
      // `PresentationAction`, `StackAction`, `IdentifiedAction`: the child's actions.
      for shapeCase in shape.cases {
        for parameter in shapeCase.payload where parameter.label != "state" && parameter.label != "id" {
          expand(parameter.type, depth: depth)
        }
      }
    default: break
    }
  }

  private mutating func add(_ depth: Int, _ text: String) {
    lines.append(String(repeating: "  ", count: depth) + text)
  }

  /// A default value on one line, shortened past 60 characters.
  static func oneLine(_ value: Any) -> String {
    let dumped = String(customDumping: value)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
      .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
      .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: " ]", with: "]")
    return dumped.count > 60 ? String(dumped.prefix(59)) + "…" : dumped
  }
}
