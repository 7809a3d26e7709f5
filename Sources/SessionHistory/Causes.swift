import ComposableArchitecture
import CustomDump
import Foundation
import PlaygroundHost
import ScriptEvaluation
import TCAScriptSyntax

/// How an effect and the steps it caused read: the cause of a received step in `:history`, the
/// chain of causes `:why` walks, and the effects in flight `:effects` lists.
@MainActor
extension HistoryService {
  /// A received step's cause in `:history` (`← 2 (Day2/CartPage.swift:42)`): the step whose
  /// action returned the effect and where the effect was made.
  package func cause(_ cause: EffectSource, in store: StoreHandle) -> HistoryListing.Row.Cause {
    HistoryListing.Row.Cause(
      returnedBy: cause.origin.flatMap { store.history.number(ofReduction: $0) },
      effect: Self.effectDescription(cause, feature: store.feature.name)
    )
  }

  /// A received step's cause in `:why`: `← effect at Day2/CartPage.swift:42 (returned by step 2)`.
  func causeText(_ cause: EffectSource, in store: StoreHandle) -> String {
    let origin = cause.origin.flatMap { store.history.number(ofReduction: $0) }
    let effect = Self.effectDescription(cause, feature: store.feature.name)
    return "← \(effect)" + (origin.map { " (returned by step \($0))" } ?? " (returned by a step no longer in the history)")
  }

  /// `effect at Day2/CartPage.swift:42, cancel id CancelID.load`; an effect that doesn't say
  /// where it was made (0.x code's `Effect(value:)`, `eraseToEffect()`) is named by its feature.
  static func effectDescription(_ source: EffectSource, feature: String) -> String {
    if source.isPresentation { return "the dismissal of a presented feature" }
    var text = source.location.map { "effect at \($0)" } ?? "a 0.x effect of \(feature), no source location"
    if !source.cancelIDs.isEmpty {
      text += ", cancel id " + source.cancelIDs.map(\.description).joined(separator: ", ")
    }
    return text
  }

  /// `:why`: the step that last changed the value `read` reads, then the steps whose effects
  /// caused it, back to an action sent (typed) or an edit.
  ///
  /// The states are replayed from the start twice: once to find the steps that changed the
  /// value, once to read the values the answer shows (the values aren't kept in between: a
  /// long history of a large value would hold them all).
  ///
  /// - Parameters:
  ///   - path: The key path as written (`\.isLoading`), for the answer.
  ///   - read: The value at the path in a state, dumped (`nil` when it can't be read there).
  package func why(_ path: String, read: (Any) -> String?, store: StoreHandle) -> WhyAnswer {
    let history = store.history
    let applied = history.cursor
    var changed: Set<Int> = []
    var previous = read(history.initialState)
    var lastChange: Int?
    history.forEachState(before: applied) { index, state in
      guard !history.steps[index].isSkipped else { return }
      let value = read(state)
      if value != previous {
        changed.insert(index)
        lastChange = index
      }
      previous = value
    }
    guard let lastChange else {
      return WhyAnswer(path: path, value: previous, steps: [])
    }
    // The step that last changed it, then the steps whose effects led to it.
    var chain: [Int] = []
    var index: Int? = lastChange
    while let current = index, chain.count <= applied {
      chain.append(current)
      index = history.steps[current].cause?.origin
        .flatMap { history.number(ofReduction: $0) }
        .flatMap { history.index(ofNumber: $0) }
        .flatMap { $0 < current ? $0 : nil }
    }
    let shown = changed.intersection(chain)
    var values: [Int: String?] = [:]
    if !shown.isEmpty {
      history.forEachState(before: lastChange + 1) { index, state in
        if shown.contains(index) { values[index] = read(state) }
      }
    }
    let steps = chain.map { current in
      let step = history.steps[current]
      let cause: WhyStep.Cause
      switch step.kind {
      case .sent: cause = .typed
      case .edit: cause = .edited
      case .received:
        cause = .effect(step.cause.map { self.causeText($0, in: store) } ?? "← an effect")
      }
      return WhyStep(number: current + 1, label: step.label, value: values[current] ?? nil, cause: cause)
    }
    return WhyAnswer(path: path, value: previous, steps: steps)
  }

  /// What the playground adds after TCA's report of effects that haven't finished: where each was
  /// made and which step returned it.
  static func unfinishedEffectsNote(_ effects: [InFlightEffect], feature: String, history: StoreHistory) -> String {
    guard !effects.isEmpty else { return "The effect's source location isn't known." }
    return effects.map { effect in
      let origin = effect.source.origin.flatMap { history.number(ofReduction: $0) }
      return "Still running: " + Self.effectDescription(effect.source, feature: feature)
        + (origin.map { " (returned by step \($0))" } ?? "")
    }.joined(separator: "\n")
  }

  /// The effects in flight on a store, described for `:effects`.
  package func inFlightEffects(of store: StoreHandle) -> [EffectSummary] {
    let history = store.history
    return store.driver.inFlightEffects.map { effect in
      let origin = effect.source.origin.flatMap { history.number(ofReduction: $0) }
      let started = history.number(atOrBeforeReduction: effect.startedAfter)
      let startTime = started.flatMap { history.index(ofNumber: $0) }.map { history.steps[$0].time }
      return EffectSummary(
        description: Self.effectDescription(effect.source, feature: store.feature.name),
        location: effect.source.location,
        cancelIDs: effect.source.cancelIDs.map(\.description),
        returnedBy: origin,
        returnedByLabel: origin.flatMap { history.index(ofNumber: $0) }.map { history.steps[$0].label },
        ageInSteps: started.map { history.lastNumber - $0 },
        age: startTime.map { store.driver.context.elapsed - $0 }
      )
    }
  }
}

/// `:why`'s answer: the steps that explain a value, each with its cause.
public struct WhyAnswer: Equatable, Sendable {
  /// The key path as written (`\.isLoading`).
  public var path: String
  /// The value now, dumped on one line or more.
  public var value: String?
  /// The step that last changed the value, then the steps that caused it, newest first; empty
  /// when no step changed it.
  public var steps: [WhyStep]

  /// One line per step: `step 4  Feature.Action.loaded(…)  set \.isLoading = false  ← effect at
  /// Feature.swift:12 (returned by step 2)`.
  public var lines: [String] {
    guard !self.steps.isEmpty else {
      return ["\(self.path) hasn't changed since the start: it is \(Self.oneLine(self.value))"]
    }
    return self.steps.map { step in
      var line = "step \(step.number)  \(step.label)"
      if let value = step.value { line += "  set \(self.path) = \(Self.oneLine(value))" }
      switch step.cause {
      case .typed: line += "  typed"
      case .edited: line += "  edited by hand"
      case let .effect(text): line += "  \(text)"
      }
      return line
    }
  }

  /// A dumped value on one line: its lines joined (`CounterFeature.State(count: 1, isLoading:
  /// false)`), cut after ``maximumValueLength`` characters with `…`.
  static func oneLine(_ value: String?) -> String {
    guard let value else { return "(unreadable)" }
    var text = ""
    for line in value.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !(text.isEmpty || text.hasSuffix("(") || text.hasSuffix("[") || trimmed.hasPrefix(")") || trimmed.hasPrefix("]")) {
        text += " "
      }
      text += trimmed
    }
    return text.count > Self.maximumValueLength ? String(text.prefix(Self.maximumValueLength)) + "…" : text
  }

  /// How much of a value a line of `:why` shows.
  static let maximumValueLength = 60
}

/// One step of a ``WhyAnswer``.
public struct WhyStep: Equatable, Sendable {
  public enum Cause: Equatable, Sendable {
    /// An action sent to the store: a person typed it (or a script did).
    case typed
    /// A manual edit of the state.
    case edited
    /// An action an effect delivered: `← effect at File.swift:12 (returned by step 2)`.
    case effect(String)
  }

  /// The step's number, as `:history` lists it.
  public var number: Int
  /// Its action's case labels, or the edit statement.
  public var label: String
  /// The value the step set, dumped, when this step changed it.
  public var value: String?
  public var cause: Cause
}

/// An effect in flight, as `:effects` lists it.
public struct EffectSummary: Equatable, Sendable {
  /// `effect at Feature.swift:12, cancel id CancelID.timer`.
  public var description: String
  /// `Feature.swift:12`; `nil` for a 0.x effect.
  public var location: String?
  /// Its cancel identifiers, as they read (`CancelID.timer`).
  public var cancelIDs: [String]
  /// The step whose action returned it, when the history holds it.
  public var returnedBy: Int?
  /// That step's action.
  public var returnedByLabel: String?
  /// How many steps the store took since it started.
  public var ageInSteps: Int?
  /// How much test-clock time went by since it started.
  public var age: Duration?
}

extension StatePaths {
  /// `:why \.path`: the step of the current store that last changed the value at `path`, and
  /// the chain of steps whose effects caused it; the key path's error otherwise.
  package func why(_ path: StatePath, history: HistoryService) -> Result<WhyAnswer, ScriptError> {
    guard let store = self.evaluator.environment.currentStore else {
      return .failure(ScriptError("there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'", at: nil))
    }
    let trimmed = path.typed
    guard !trimmed.isEmpty else {
      return .failure(ScriptError("':why' needs a key path of the state, as in ':why \\.count'", at: nil))
    }
    switch self.resolve(path, of: store, origin: ":why") {
    case let .failure(error):
      return .failure(ScriptError(error.error?.message ?? error.output.text, at: nil))
    case let .success(resolved):
      let paths = self.evaluator.paths
      let shown = trimmed.hasPrefix("\\") ? trimmed : trimmed.hasPrefix(".") ? "\\" + trimmed : "\\." + trimmed
      return .success(history.why(shown, read: { state in
        (try? paths.read(state, along: resolved.components, at: resolved.range)).map { String(customDumping: $0) }
      }, store: store))
    }
  }
}
