import ComposableArchitecture
import Foundation

// Features written the TCA 1.0 way — `struct X: Reducer`, plain (not `@CasePathable`) enums,
// `/Action.case` case paths, `TaskResult`, `@PresentationState` — for the spellings TCA 1.25.5
// still ships deprecated (DeprecationsTests).

/// A stack element and presented child: a counter, a fact request answered with a `TaskResult`,
/// and a timer.
struct VintageCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var failure: String?
  }
  enum Action: Equatable {
    case incrementButtonTapped
    case factButtonTapped
    case factResponse(TaskResult<String>)
    case startTimerButtonTapped
    case timerTicked
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.vintageFact) var fact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped, .timerTicked:
        state.count += 1
        return .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          await send(.factResponse(TaskResult { try await self.fact.fetch(count) }))
        }
      case let .factResponse(.success(fact)):
        state.fact = fact
        return .none
      case let .factResponse(.failure(error)):
        state.failure = error.localizedDescription
        return .none
      case .startTimerButtonTapped:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
      }
    }
  }
}

struct VintageFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension VintageFactClient: DependencyKey {
  static let liveValue = VintageFactClient { "\($0) is a number." }
  static let testValue = VintageFactClient { _ in
    struct Unimplemented: Error {}
    throw Unimplemented()
  }
}

extension DependencyValues {
  var vintageFact: VintageFactClient {
    get { self[VintageFactClient.self] }
    set { self[VintageFactClient.self] = newValue }
  }
}

struct VintageFactError: LocalizedError, Equatable {
  var errorDescription: String? { "The fact server is down." }
}

/// A root with a stack, an enum destination, a presented alert and an alert in a plain
/// optional, all integrated through case paths.
struct VintageRoot: Reducer {
  struct State: Equatable {
    var path = StackState<VintageCounter.State>()
    @PresentationState var destination: Destination.State?
    @PresentationState var alert: AlertState<Action.Alert>?
    var banner: AlertState<Action.Alert>?
    var log: [String] = []
  }
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case banner(Alert)
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<VintageCounter.State, VintageCounter.Action>)
    case presentCounterButtonTapped
    case presentNoticeButtonTapped
    case pushButtonTapped
    case showAlertButtonTapped
    case showBannerButtonTapped

    enum Alert: Equatable {
      case confirm
    }
  }

  /// A TCA 1.0 destination: a struct reducer over enums, scoping with case paths.
  struct Destination: Reducer {
    enum State: Equatable {
      case counter(VintageCounter.State)
      case notice(AlertState<Action.Notice>)
    }
    enum Action: Equatable {
      case counter(VintageCounter.Action)
      case notice(Notice)

      enum Notice: Equatable {
        case acknowledge
      }
    }
    var body: some ReducerOf<Self> {
      Scope(state: /State.counter, action: /Action.counter) {
        VintageCounter()
      }
      Scope(state: /State.notice, action: /Action.notice) {}
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .alert(.presented(alertAction)):
        state.log.append("alert: \(alertAction)")
        return .none
      case .alert(.dismiss):
        state.log.append("alert dismissed")
        return .none
      case let .banner(bannerAction):
        state.log.append("banner: \(bannerAction)")
        return .none
      case .destination(.presented(.notice(.acknowledge))):
        state.log.append("notice acknowledged")
        return .none
      case .destination, .path:
        return .none
      case .presentCounterButtonTapped:
        state.destination = .counter(VintageCounter.State())
        return .none
      case .presentNoticeButtonTapped:
        state.destination = .notice(AlertState { TextState("Heads up") })
        return .none
      case .pushButtonTapped:
        state.path.append(VintageCounter.State())
        return .none
      case .showAlertButtonTapped:
        state.alert = AlertState {
          TextState("Sure?")
        } actions: {
          ButtonState(action: .confirm) { TextState("Yes") }
        }
        return .none
      case .showBannerButtonTapped:
        state.banner = AlertState { TextState("Saved") }
        return .none
      }
    }
    .forEach(\.path, action: /Action.path) {
      VintageCounter()
    }
    .ifLet(\.$destination, action: /Action.destination) {
      Destination()
    }
    .ifLet(\.$alert, action: /Action.alert)
    .ifLet(\.banner, action: /Action.banner)
  }
}

/// A feature whose state is an enum, its cases run by `ifCaseLet` and `Scope` with case paths.
struct VintageSession: Reducer {
  enum State: Equatable {
    case loggedIn(VintageCounter.State)
    case loggedOut
  }
  enum Action: Equatable {
    case loggedIn(VintageCounter.Action)
    case logOutButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loggedIn:
        return .none
      case .logOutButtonTapped:
        state = .loggedOut
        return .none
      }
    }
    .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) {
      VintageCounter()
    }
  }
}

/// `Scope` over enum state with case paths, which reports a child action for another case.
struct VintageScopedSession: Reducer {
  typealias State = VintageSession.State
  typealias Action = VintageSession.Action
  var body: some ReducerOf<Self> {
    Scope(state: /State.loggedIn, action: /Action.loggedIn) {
      VintageCounter()
    }
  }
}

/// `onChange(of:removeDuplicates:)` on a value that is not `Equatable`, and a view action's
/// bindings run by `BindingReducer(action:)` with a case path function.
struct VintageSettings: Reducer {
  struct State: Equatable {
    @BindingState var name = ""
    var profile = Profile(id: 1)
    var changes: [Int] = []
  }
  struct Profile: Sendable {
    var id: Int
    var visits = 0
  }
  enum Action: Equatable {
    case profileLoaded(id: Int)
    case visit
    case view(View)

    enum View: Equatable, BindableAction {
      case binding(BindingAction<State>)
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: /Action.view)
    Reduce { state, action in
      switch action {
      case let .profileLoaded(id):
        state.profile.id = id
        return .none
      case .visit:
        state.profile.visits += 1
        return .none
      case .view:
        return .none
      }
    }
    .onChange(of: \.profile, removeDuplicates: { $0.id == $1.id }) { _, newValue in
      Reduce { state, _ in
        state.changes.append(newValue.id)
        return .none
      }
    }
  }
}

extension VintageSettings.State {
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.profile.id == rhs.profile.id
      && lhs.profile.visits == rhs.profile.visits && lhs.changes == rhs.changes
  }
}
