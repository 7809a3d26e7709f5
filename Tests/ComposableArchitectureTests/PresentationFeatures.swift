import ComposableArchitecture
import Foundation

/// A presented child: a counter with a timer, and a close button that dismisses it.
struct TimerChild: Reducer {
  struct State: Equatable, Codable {
    var count = 0
  }

  @CasePathable
  enum Action: Equatable, Codable {
    case closeButtonTapped
    case startTimerButtonTapped
    case tick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      case .startTimerButtonTapped:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

/// A parent presenting a child sheet and a deletion alert.
struct Presenter: Reducer {
  struct State: Equatable {
    @PresentationState var child: TimerChild.State?
    @PresentationState var alert: AlertState<Action.Alert>?
    var lastCount: Int?
    var isDeleted = false
  }

  @CasePathable
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case child(PresentationAction<TimerChild.Action>)
    case closeChildButtonTapped
    case deleteButtonTapped
    case presentChildButtonTapped

    @CasePathable
    enum Alert: Equatable {
      case confirmDeletion
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        state.isDeleted = true
        return .none
      case .alert:
        return .none
      case .child(.dismiss):
        state.lastCount = state.child?.count
        return .none
      case .child:
        return .none
      case .closeChildButtonTapped:
        state.child = nil
        return .none
      case .deleteButtonTapped:
        state.alert = .deletion
        return .none
      case .presentChildButtonTapped:
        state.child = TimerChild.State()
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) {
      TimerChild()
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == Presenter.Action.Alert {
  static let deletion = AlertState {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) {
      TextState("Delete")
    }
    ButtonState(role: .cancel) {
      TextState("Cancel")
    }
  } message: {
    TextState("This cannot be undone.")
  }
}

/// A feature that is never presented, but asks to be dismissed.
struct Unpresented: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case closeButtonTapped }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { _ in await self.dismiss() }
    }
  }
}

/// A feature presenting a share confirmation dialog.
struct Sharer: Reducer {
  struct State: Equatable {
    @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>?
    var copied = 0
  }
  @CasePathable
  enum Action: Equatable {
    case dialog(PresentationAction<Dialog>)
    case shareButtonTapped
    enum Dialog: Equatable { case copyLink }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .dialog(.presented(.copyLink)):
        state.copied += 1
        return .none
      case .dialog:
        return .none
      case .shareButtonTapped:
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Share")
        } actions: {
          ButtonState(action: .copyLink) { TextState("Copy link") }
        }
        return .none
      }
    }
    .ifLet(\.$dialog, action: \.dialog)
  }
}
