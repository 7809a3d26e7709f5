import ComposableArchitecture
import CounterStack
import FeatureCatalog

// Text renderings of the episode's screens, one row per line, for the playground's `:view` (the
// episode's SwiftUI views don't exist on Linux).

/// The stack, root first: `Root  [Go to counter]`, then one row per screen, deepest last:
/// `#0  Counter 42  [-] [+]  ⏱ on`, `#3  Number fact 42  [Get fact]`.
public let counterStackView = FeatureView(CounterStackFeature.State.self) { state in
  [FeatureView.Row(id: "root", text: "Root  [Go to counter]")]
    + zip(state.path.ids, state.path).map { id, screen in
      FeatureView.Row(id: "#\(id.generation)", text: "#\(id.generation)  " + screenText(screen))
    }
}

/// A counter: `Counter 42  [-] [+]`, with its timer and loading indicator.
public let counterView = FeatureView(CounterFeature.State.self) { state in
  [FeatureView.Row(id: "counter", text: counterText(state))]
}

/// A number fact: `Number fact 42  [Get fact]`, then the alert, if one is shown.
public let numberFactView = FeatureView(NumberFactFeature.State.self) { state in
  [FeatureView.Row(id: "numberFact", text: numberFactText(state))]
}

private func screenText(_ screen: CounterStackFeature.Path.State) -> String {
  switch screen {
  case let .counter(counter): return counterText(counter)
  case let .numberFact(numberFact): return numberFactText(numberFact)
  }
}

private func counterText(_ state: CounterFeature.State) -> String {
  "Counter \(state.count)  [-] [+]  "
    + (state.isTimerOn ? "⏱ on" : "⏱ off")
    + (state.isLoading ? "  loading…" : "  [Load and go]")
}

private func numberFactText(_ state: NumberFactFeature.State) -> String {
  "Number fact \(state.number)  [Get fact]" + (state.alert.map { "  ⚠️ \($0.title)" } ?? "")
}
