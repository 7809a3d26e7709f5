import Foundation
import TCAScript
import TCAScriptSyntax

/// The commands that say why: what effects are in flight and where they were made (`:effects`),
/// stopping them (`:cancel`), and the steps behind a value (`:why`).
extension MetaCommand {
  static let effects = MetaCommand(
    name: "effects", summary: "received actions not yet asserted, and effects in flight",
    help: """
      :effects            for the current store: the actions effects delivered that a TestStore
                          has not yet received (assert them with receive), and how many effects
                          are still running. A live Store applies actions as they arrive.
                          Each effect in flight is listed with where the reducer made it
                          (file:line of its .run, .send or .publisher), its cancel id, the step
                          whose action returned it and its age (steps and test-clock time).
      """,
    run: { repl, _ in
      guard let summary = repl.session.storeSummary(), let effects = repl.session.inFlightEffects() else {
        repl.printError("there is no store yet; load one with ':load FEATURE'")
        return .continue
      }
      var lines: [String] = []
      if summary.isTestStore {
        lines.append("\(summary.name): \(summary.receivedActions.count) received action\(summary.receivedActions.count == 1 ? "" : "s") not yet asserted")
        for action in summary.receivedActions {
          lines.append(action.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        }
        lines.append("\(summary.inFlightEffectCount) effect\(summary.inFlightEffectCount == 1 ? "" : "s") in flight")
      } else {
        lines.append("\(summary.name) is a live Store: effects' actions are applied and printed as they arrive, nothing is queued.")
        if !effects.isEmpty {
          lines.append("\(effects.count) effect\(effects.count == 1 ? "" : "s") in flight")
        }
      }
      lines += effects.map { "  " + Self.describe($0) }
      repl.print(lines.joined(separator: "\n"))
      return .continue
    }
  )

  /// `effect at Timer.swift:14, cancel id CancelID.timer  returned by step 1 (Timer.Action.start)  age: 2
  /// steps, 3s`.
  static func describe(_ effect: EffectSummary) -> String {
    var text = effect.description
    text += effect.returnedBy.map { "  returned by step \($0)" + (effect.returnedByLabel.map { " (\($0))" } ?? "") }
      ?? "  returned by a step no longer in the history"
    if let steps = effect.ageInSteps, let age = effect.age {
      text += "  age: \(steps) step\(steps == 1 ? "" : "s"), \(DurationText.format(age))"
    }
    return text
  }

  static let cancel = MetaCommand(
    name: "cancel", synopsis: "ID", summary: "cancel the effects in flight with a cancel id",
    help: """
      :cancel ID          cancel the current store's effects in flight that were made
                          .cancellable(id: ID), as returning .cancel(id: ID) from the reducer
                          would; ':effects' lists the ids (the id's last part, 'timer' for
                          CounterFeature.CancelID.timer, is enough when only one id ends so)
      tca> :load CounterStack
      tca> :print off
      tca> store.send(.goToCounterButtonTapped)
      tca> store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped))))
      tca> :effects
      store is a live Store: effects' actions are applied and printed as they arrive, nothing is queued.
      1 effect in flight
        effect at CounterStack/CounterFeature.swift:78, cancel id CounterFeature.CancelID.timer  returned by step 2 (CounterStackFeature.Action.path(.element(id:, action: .counter(.toggleTimerButtonTapped))))  age: 0 steps, 0s
      tca> :cancel timer
      Cancelled 1 effect: CounterStack/CounterFeature.swift:78
      tca> store.advance(by: .seconds(5))
      """,
    complete: { repl, arguments in
      .words(arguments) { previous in
        previous.isEmpty ? Array(Set((repl.session.inFlightEffects() ?? []).flatMap(\.cancelIDs))) : []
      }
    },
    run: { repl, arguments in
      do throws(ScriptError) {
        let cancelled = try await repl.session.cancelEffects(arguments)
        let count = cancelled.count
        repl.printInfo(
          "Cancelled \(count) effect\(count == 1 ? "" : "s"): "
            + cancelled.map { $0.location ?? $0.description }.joined(separator: ", ")
        )
      } catch {
        repl.printError(error.message, origin: ":cancel")
      }
      return .continue
    }
  )

  static let end = MetaCommand(
    name: "end", summary: "end the current TestStore's test, reporting what is left as a test's end does",
    help: """
      Ends the current TestStore's test now, as the end of a Swift test does: TCA reports
      the actions received and not asserted, and each effect still running ("An effect
      returned for this action is still running. …"), after which the playground says where
      that effect was made ("Still running: effect at CounterStack/CounterFeature.swift:78,
      cancel id CounterFeature.CancelID.timer (returned by step 1)"); the effects are then
      cancelled. (Rebinding or reloading a store lets it go quietly.)
      tca> let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      tca> :print off
      tca> t.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }
      tca> :end
      t's test ended with nothing left unasserted.
      """,
    run: { repl, _ in
      do throws(ScriptError) {
        repl.show(try await repl.session.endTest())
      } catch {
        repl.printError(error.message, origin: ":end")
      }
      return .continue
    }
  )

  static let why = MetaCommand(
    name: "why", synopsis: "KEYPATH", summary: "the steps that last changed a value, back to what was typed",
    help: """
      :why KEYPATH        the step that last changed the current store's state at the key path
                          (as after '\\.'), with the value it set, then the step whose effect
                          caused it, and so on back to the action typed (or the edit made by
                          hand); each received step names the effect (file:line of its .run,
                          .send or .publisher in the reducer, its cancel id) and the step that
                          returned it
      tca> :load ProductList
      tca> :print off
      tca> store.send(.fetchProducts)
      tca> store.advance(by: .seconds(2))
      tca> :why \\.dataLoadingStatus
      step 2  ProductListDomain.Action.fetchProductsResponse(.success)  set \\.dataLoadingStatus = DataLoadingStatus.success  ← effect at OnlineStore/ProductListDomain.swift:75 (returned by step 1)
      step 1  ProductListDomain.Action.fetchProducts  set \\.dataLoadingStatus = DataLoadingStatus.loading  typed
      """,
    complete: { repl, arguments in
      // Completed as `\.` + the path, as ':state' completes it.
      let path = arguments.hasPrefix("\\.") ? arguments : "\\." + arguments
      let shift = path.count - arguments.count
      let completions = repl.session.completions(for: path, cursor: path.count)
      return ArgumentCompletion(start: max(0, completions.start - shift), candidates: completions.candidates, appendsSpace: false)
    },
    run: { repl, arguments in
      switch repl.session.why(StatePath(parsing: arguments)) {
      case let .success(answer):
        repl.print(answer.lines.joined(separator: "\n"))
      case let .failure(error):
        repl.printError(error.message, origin: ":why")
      }
      return .continue
    }
  )
}
