import ComposableArchitecture

/// A counter written with the macros.
@Reducer
struct MacroCounter {
  @ObservableState
  struct State: Equatable, Codable {
    var count = 0
  }

  enum Action: Equatable {
    case closeButtonTapped
    case delegate(Delegate)
    case incrementButtonTapped
    case loadAndGoButtonTapped

    @CasePathable
    enum Delegate: Equatable {
      case goToCounter(Int)
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      case .delegate:
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .loadAndGoButtonTapped:
        return .run { [count = state.count] send in
          try await self.clock.sleep(for: .seconds(2))
          await send(.delegate(.goToCounter(count)))
        }
      }
    }
  }
}

/// A second kind of screen, written with the macros.
@Reducer
struct MacroNote {
  @ObservableState
  struct State: Equatable {
    var text = ""
  }

  enum Action: Equatable {
    case textChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }
}

/// A root feature with a navigation stack and a sheet-or-alert destination, all through macros.
@Reducer
struct MacroRoot {
  @Reducer
  enum Path {
    case counter(MacroCounter)
    case note(MacroNote)
  }

  @Reducer
  enum Destination {
    case counter(MacroCounter)
    case alert(AlertState<Alert>)

    enum Alert: Equatable {
      case confirmReset
    }
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    @Presents var destination: Destination.State?
    var resetCount = 0
  }

  enum Action: Equatable {
    case addCounterButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
    case pushNoteButtonTapped
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addCounterButtonTapped:
        state.destination = .counter(MacroCounter.State())
        return .none
      case .destination(.presented(.alert(.confirmReset))):
        state.resetCount += 1
        state.path.removeAll()
        return .none
      case .destination:
        return .none
      case let .path(.element(_, .counter(.delegate(.goToCounter(count))))):
        state.path.append(.counter(MacroCounter.State(count: count)))
        return .none
      case .path:
        return .none
      case .pushNoteButtonTapped:
        state.path.append(.note(MacroNote.State()))
        return .none
      case .resetButtonTapped:
        state.destination = .alert(
          AlertState {
            TextState("Reset?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
          }
        )
        return .none
      }
    }
    .forEach(\.path, action: \.path)
    .ifLet(\.$destination, action: \.destination)
  }
}

extension MacroRoot.Path.State: Equatable {}
extension MacroRoot.Path.Action: Equatable {}
extension MacroRoot.Destination.State: Equatable {}
extension MacroRoot.Destination.Action: Equatable {}
