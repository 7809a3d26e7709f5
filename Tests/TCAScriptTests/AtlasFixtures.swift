import ComposableArchitecture
import FeatureCatalog
import Foundation

// Plain TCA code as real test bodies meet it (RealTestConstructsTests): sample data declared in
// extensions of standard types (`[Place].samples`), an alert built in a constrained `AlertState`
// extension, an `IndexSet` payload, a nested type declared in an extension of `State`, an enum
// status, and a detail reducer whose `State` has no `init()`. The build plugin writes their
// shapes, as it does for any module.

struct Place: Equatable, Identifiable, Sendable {
  let id: Int
  var name: String
  var country: String
}

extension [Place] {
  static let samples: Self = [
    Place(id: 1, name: "Paris", country: "France"),
    Place(id: 2, name: "Berlin", country: "Germany"),
    Place(id: 3, name: "Lyon", country: "France"),
  ]
}

extension Array where Element == Place {
  static func inCountry(_ country: String) -> Self {
    [Place].samples.filter { $0.country == country }
  }
}

extension IdentifiedArrayOf<Place> {
  static var samples: Self { IdentifiedArray(uniqueElements: [Place].samples) }
}

@Reducer
struct Atlas {
  @ObservableState
  struct State: Equatable {
    var places: IdentifiedArrayOf<Place> = []
    var viewport = Viewport()
    var status = Status.idle
    @Presents var alert: AlertState<Action.Alert>?
  }

  enum Status: Equatable {
    case idle
    case loaded(count: Int)
    case failed(String)
  }

  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case loadTapped
    case removeTapped(IndexSet)
    case zoomed(Int)

    @CasePathable
    enum Alert: Equatable {
      case confirmRemoval
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none
      case .loadTapped:
        state.places = .samples
        state.status = .loaded(count: state.places.count)
        return .none
      case let .removeTapped(offsets):
        guard offsets.count < state.places.count else {
          state.alert = .confirmRemoval(count: offsets.count)
          return .none
        }
        state.places.remove(atOffsets: offsets)
        state.status = .loaded(count: state.places.count)
        return .none
      case let .zoomed(level):
        state.viewport.zoom = level
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension Atlas.State {
  /// Declared in an extension of `State`, used by one of its fields.
  struct Viewport: Equatable {
    var zoom = 1
    var isTilted = false
  }
}

extension AlertState where Action == Atlas.Action.Alert {
  static func confirmRemoval(count: Int) -> Self {
    Self {
      TextState("Remove all \(count) places?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmRemoval) {
        TextState("Remove")
      }
    }
  }
}

/// A detail screen: its state needs the place it shows, so there is no `State()`.
@Reducer
struct PlaceDetail {
  @ObservableState
  struct State: Equatable {
    let place: Place
    var note: String

    init(place: Place) {
      self.place = place
      self.note = ""
    }
  }

  enum Action: Equatable {
    case noteChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .noteChanged(note):
        state.note = note
        return .none
      }
    }
  }
}

let atlasCatalog = Catalog(module: "Atlas") {
  Feature("Atlas", summary: "Places, an alert, an IndexSet payload", initialState: Atlas.State(), reducer: { Atlas() })
  Feature("PlaceDetail", summary: "One place and a note", reducer: { PlaceDetail() })
}
