import PlaygroundHost
import TCAScriptSyntax

/// A top-level `store.send(action)` compiled for when its exact text runs again: the store's
/// name and the action's compiled build, so that the send skips evaluating the call, finding
/// the verb and the action's shape.
///
/// It is made after the statement ran once through the ``Interpreter`` (which resolved the
/// action and recorded its plan), and holds only while what it was compiled against does: the
/// name is still bound to a store whose action type is the one built, and the build plans
/// haven't started over (a `:load`, `:reload` or installed feature). Otherwise, or when the
/// build fails, the statement runs through the interpreter as before, which reports what is
/// wrong.
// Written for speed: docs/benchmarks-log.md, "A send compiled with its script".
// A class: a script's statement hands it out for every run, and a struct's copy retained each
// of its parts.
@MainActor
package final class CompiledSend {
  package let storeName: String
  package let build: BuildPlans.CompiledBuild
  /// The environment the send was compiled in: ``lastFound`` holds in it only.
  private let environment: ScriptEnvironment

  /// The send `statement` is, compiled against the session as it is now; `nil` for any other
  /// statement, or when its action has no compiled build.
  package init?(_ statement: Statement, environment: ScriptEnvironment, evaluator: Evaluator) {
    guard case let .expression(expr) = statement,
      case let .call(.member(.identifier(name, _), "send", _), arguments, nil, _) = expr,
      arguments.count == 1, arguments[0].label == nil, !arguments[0].isTrailingClosure,
      case let .store(store)? = environment.bindings[name],
      let build = evaluator.plans.compiledBuild(arguments[0].value, as: store.driver.actionType, evaluator: evaluator)
    else { return nil }
    self.storeName = name
    self.build = build
    self.environment = environment
  }

  /// The store the name was bound to when it was last looked up, and the bindings' version
  /// then. While the version of the same environment is the same, the binding still holds the
  /// store (so the reference needn't), and the lookup by name is skipped.
  private var lastFound: (bindingsVersion: Int, store: Unmanaged<StoreHandle>)?

  /// The store bound to the name, if it is bound to one.
  private func store(in environment: ScriptEnvironment) -> StoreHandle? {
    let isOwnEnvironment = environment === self.environment
    if isOwnEnvironment, let lastFound, lastFound.bindingsVersion == environment.bindingsVersion {
      return lastFound.store.takeUnretainedValue()
    }
    guard case let .store(store)? = environment.bindings[self.storeName] else { return nil }
    if isOwnEnvironment { self.lastFound = (environment.bindingsVersion, .passUnretained(store)) }
    return store
  }

  /// What running a compiled send did.
  package enum Outcome {
    /// Nothing: the compiled send no longer holds (the statement runs through the interpreter).
    case notHeld
    case sent
    /// Sent, and effects are running: the caller lets them deliver what they have ready
    /// (``PlaygroundHost/StoreDriver/settle()``), as an interpreted `send` does.
    case sentWithEffectsRunning(any StoreDriver)
  }

  /// Sends the action to the store bound to the name, without suspending (a suspension for each
  /// layer of an async send was a tenth of its cost).
  package func run(environment: ScriptEnvironment, evaluator: Evaluator, hooks: HistoryHooks) throws -> Outcome {
    guard let store = self.store(in: environment),
      ObjectIdentifier(store.driver.actionType) == self.build.type,
      let action = evaluator.plans.make(self.build, evaluator: evaluator)
    else { return .notHeld }
    environment.currentStore = store
    let effectsRunning = try StoreVerbs.sendNow(action, to: store, assert: nil, hooks: hooks)
    return effectsRunning ? .sentWithEffectsRunning(store.driver) : .sent
  }
}

/// What a statement of a parsed script compiled to, kept with the script (``ParsedScripts``).
@MainActor
package final class CompiledStatement {
  package enum State {
    /// Not run yet.
    case untried
    case send(CompiledSend)
    /// Runs through the interpreter.
    case interpreted
  }

  package var state = State.untried

  /// The compiled send, when the statement compiled to one.
  package var send: CompiledSend? {
    if case let .send(send) = self.state { return send }
    return nil
  }
}
