import ComposableArchitecture
import FeatureCatalog
import PlaygroundHost
import TCAScriptSyntax

/// Creates the stores scripts ask for (`TestStore(…)`, `Store(…)`) and the ones `:load` loads,
/// each printing its changes to the session's printer and recording its history.
@MainActor
package struct StoreFactory {
  package let evaluator: Evaluator
  package let history: any StoreHistoryRecording
  package let printer: ChangePrinter

  package init(evaluator: Evaluator, history: any StoreHistoryRecording, printer: ChangePrinter) {
    self.evaluator = evaluator
    self.history = history
    self.printer = printer
  }

  package func makeStore(isTest: Bool, _ arguments: [Argument], _ trailing: Closure?, range: SourceRange, name: String?) throws -> StoreHandle {
    var feature: (any AnyFeature)?
    var stateExpr: Expr?
    var environment: String?
    var dependencies: Closure?
    for argument in arguments {
      switch argument.label {
      case "initialState": stateExpr = argument.value
      case "reducer":
        if case let .closure(closure) = argument.value {
          feature = try self.reducerClosure(closure)
        } else {
          feature = try self.featureArgument(argument.value)
        }
      case "withDependencies":
        guard case let .closure(closure) = argument.value else {
          throw ScriptError("expected a closure, as in 'withDependencies: { $0.uuid = .incrementing }'", at: argument.value.range)
        }
        dependencies = closure
      case "environment":
        guard case let .implicitMember(variant, _) = argument.value else {
          throw ScriptError("expected an environment such as '.mock'", at: argument.value.range)
        }
        environment = variant
      default:
        throw ScriptError(
          "extra argument '\(argument.label ?? "_")' in call to \(isTest ? "TestStore" : "Store")\(Diagnostics.didYouMean(argument.label ?? "", among: ["initialState", "reducer", "environment", "withDependencies"]))",
          at: argument.range
        )
      }
    }
    if let trailing {
      feature = try self.reducerClosure(trailing)
    }
    guard let feature else {
      throw ScriptError("missing 'reducer:' (or a trailing closure with the reducer) in call to \(isTest ? "TestStore" : "Store")", at: range)
    }
    guard let stateExpr else {
      throw ScriptError("missing argument 'initialState:' in call to \(isTest ? "TestStore" : "Store")", at: range)
    }
    var initialState: Any
    if case let .implicitMember(preset, _) = stateExpr, let state = feature.preset(named: preset) {
      initialState = state
    } else {
      initialState = try self.evaluator.builder.build(stateExpr, as: feature.stateType, scope: .topLevel)
    }
    if let environment, !feature.environmentNames.contains(environment) {
      throw ScriptError(
        "\(feature.name) has no environment '.\(environment)'\(Diagnostics.didYouMean(environment, among: feature.environmentNames))"
          + (feature.environmentNames.isEmpty ? " (it uses dependencies)" : "; available: " + feature.environmentNames.map { "." + $0 }.joined(separator: ", ")),
        at: arguments.first { $0.label == "environment" }?.value.range ?? range
      )
    }
    let changes = try dependencies.map { closure throws(ScriptError) in
      try DependencyAssignments(evaluator: self.evaluator, feature: feature).changes(in: closure)
    } ?? DependencyAssignments.Changes()
    let driver: any StoreDriver
    do {
      driver = try feature.makeStore(
        StoreConfiguration(
          initialState: initialState, environment: environment, dependencyVariants: changes.variants,
          withDependencies: changes.combined, isTestStore: isTest, printer: self.printer,
          receiveTimeout: self.evaluator.environment.receiveTimeout,
          effectStartGrace: self.evaluator.environment.effectStartGrace, effects: self.evaluator.environment.effects
        )
      )
    } catch {
      throw ScriptError("\(error)", at: range)
    }
    let handle = StoreHandle(name: name ?? "store", driver: driver, feature: feature, subscribed: self.evaluator.environment.subscribedStores)
    self.history.attachHistory(to: handle)
    return handle
  }

  /// `{ Feature() }`: the reducer closure, trailing or as `reducer:`.
  private func reducerClosure(_ closure: Closure) throws(ScriptError) -> any AnyFeature {
    guard closure.statements.count == 1, case let .expression(reducerExpr) = closure.statements[0] else {
      throw ScriptError("the trailing closure should hold just the reducer, as in '{ Feature() }'", at: closure.range)
    }
    return try self.featureArgument(reducerExpr)
  }

  private func featureArgument(_ expr: Expr) throws(ScriptError) -> any AnyFeature {
    switch expr {
    case let .identifier(name, range), let .call(.identifier(name, range), [], nil, _):
      guard let feature = self.evaluator.resolver.feature(named: name) else {
        let names = self.evaluator.environment.catalog.features.flatMap { $0.reducerNames + [$0.name] }
        throw ScriptError("cannot find reducer '\(name)' in the catalog\(Diagnostics.didYouMean(name, among: names))", at: range)
      }
      return feature
    default:
      throw ScriptError("expected a catalogued reducer, such as 'promoListReducer' or 'Feature()'", at: expr.range)
    }
  }

  /// Registers a store under a name, making it current (used by `:load`).
  package func load(featureNamed name: String, preset: String? = nil, as storeName: String = "store", test: Bool = false) throws -> LoadedStore {
    guard let feature = self.evaluator.environment.catalog.features.first(where: { $0.name == name || "\(Self.moduleName(of: $0)).\($0.name)" == name })
    else {
      let names = self.evaluator.environment.catalog.features.map(\.name)
      throw ScriptError("no feature named '\(name)' in the catalog\(Diagnostics.didYouMean(name, among: names))", at: nil)
    }
    let state: Any
    if let preset {
      guard let presetState = feature.preset(named: preset) else {
        throw ScriptError(
          "\(feature.name) has no preset '\(preset)'" + (feature.presetNames.isEmpty ? "" : "; presets: " + feature.presetNames.joined(separator: ", ")),
          at: nil
        )
      }
      state = presetState
    } else if let initialState = feature.initialState {
      state = initialState
    } else {
      let stateType = _typeName(feature.stateType)
      throw ScriptError(
        "\(feature.name) has no initial state of its own (\(stateType) has no 'init()'): make a store with one, "
          + "'let store = TestStore(initialState: \(stateType)(…)) { \(feature.name)() }'",
        at: nil
      )
    }
    let driver = try feature.makeStore(StoreConfiguration(
        initialState: state, isTestStore: test, printer: self.printer, receiveTimeout: self.evaluator.environment.receiveTimeout,
          effectStartGrace: self.evaluator.environment.effectStartGrace, effects: self.evaluator.environment.effects
      )
    )
    let handle = StoreHandle(name: storeName, driver: driver, feature: feature, subscribed: self.evaluator.environment.subscribedStores)
    self.history.attachHistory(to: handle)
    self.evaluator.environment.bind(handle, as: storeName)
    return LoadedStore(storeName: storeName, featureName: feature.name, stateTypeName: _typeName(feature.stateType))
  }

  static package func moduleName(of feature: any AnyFeature) -> String {
    String(reflecting: feature.stateType).split(separator: ".").first.map(String.init) ?? ""
  }
}

/// What `:load` made: a store of a feature, under a name (``HistoryText`` makes its words).
public struct LoadedStore: Equatable, Sendable {
  public var storeName: String
  public var featureName: String
  /// The state type's name, as `_typeName` gives it (`Counter.State`).
  public var stateTypeName: String
}
