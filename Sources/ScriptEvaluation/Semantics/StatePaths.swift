import ComposableArchitecture
import Foundation
import TCAScriptSyntax

/// A key path typed after a command (`:state`, `:why`) that did not resolve: the error output.
package struct StatePathError: Error {
  package var output: SessionOutput
  /// The error itself, when the interpreter raised it (its message fits one line).
  package var error: ScriptError?
}

/// Key paths of a store's state typed after a command (`:state stackData[id: 1]?.text`,
/// `:why \.count`): resolved against the state's type, read, and their errors placed under what
/// was typed.
@MainActor
package struct StatePaths {
  package let evaluator: Evaluator

  package init(evaluator: Evaluator) {
    self.evaluator = evaluator
  }

  /// The current store's state, or the part of it at `path` (a key path without its leading
  /// `\.`), dumped as the REPL shows values; an `.error` output with a caret under `path` when
  /// the path does not resolve.
  package func describeState(at path: String) -> SessionOutput {
    guard let store = self.evaluator.environment.currentStore else {
      return SessionOutput(.error, "error: there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'")
    }
    let typed = StatePath(parsing: path)
    guard !typed.typed.isEmpty else { return SessionOutput(.value, String(customDumping: store.driver.state)) }
    switch self.resolve(typed, of: store, origin: ":state") {
    case let .failure(error):
      return error.output
    case let .success(path):
      do {
        return SessionOutput(.value, String(customDumping: try self.evaluator.paths.read(store.driver.state, along: path.components, at: path.range)))
      } catch {
        return Self.pathError(error, typed: typed.typed, origin: ":state").output
      }
    }
  }

  /// A key path of a store's state typed after a command (`stackData[id: 1]?.text`, with or
  /// without its leading `\.`), resolved against the state's type; the error (with a caret and a
  /// "did you mean") as an output otherwise.
  package func resolve(
    _ path: StatePath, of store: StoreHandle, origin: String
  ) -> Result<(components: [PathComponent], range: SourceRange), StatePathError> {
    do {
      let parsed = try path.parsed.get()
      guard parsed.root == nil else {
        throw ScriptError("expected a key path of the state, such as 'stackData[id: 1]?.text'", at: nil)
      }
      let scope = EvaluationScope(closureParameter: nil, store: store)
      let keyPath = try self.evaluator.paths.keyPath(root: nil, parsed.components, range: parsed.range, scope: scope)
      return .success((keyPath.components, parsed.range))
    } catch let error as ScriptError {
      return .failure(Self.pathError(error, typed: path.typed, origin: origin))
    } catch {
      return .failure(StatePathError(output: SessionOutput(.error, "error: \(error)")))
    }
  }

  /// An error resolving or reading a key path as typed after a command: its ranges point into
  /// `\.` + the path without its `\.`, and are shifted back onto what the user typed.
  static func pathError(_ error: ScriptError, typed trimmed: String, origin: String) -> StatePathError {
    let written = trimmed.hasPrefix("\\.") ? trimmed.count - 2 : trimmed.hasPrefix(".") ? trimmed.count - 1 : trimmed.count
    var shifted = error
    shifted.range?.column += trimmed.count - written - 2
    if let column = shifted.range?.column, column < 1 { shifted.range?.column = 1 }
    return StatePathError(
      output: SessionOutput(.error, Diagnostics.render(shifted, source: trimmed, origin: origin, showsPosition: false)), error: error
    )
  }
}
