import ComposableArchitecture
import SwiftUI

@Reducer
struct Palette {
  @ObservableState
  struct State: Equatable {
    var swatches: IdentifiedArrayOf<Swatch> = [
      Swatch(id: 0, name: "Sky", color: .blue),
      Swatch(id: 1, name: "Grass", color: .green),
    ]
    var editMode: EditMode = .inactive
    var highlighted: Swatch.ID?
  }

  enum Action: Equatable {
    case editButtonTapped
    case swatchTapped(id: Swatch.ID)
    case deleteSwatches(IndexSet)
    case highlightCleared
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.editMode = state.editMode.isEditing ? .inactive : .active
        return .none

      case let .swatchTapped(id):
        guard !state.editMode.isEditing else { return .none }
        state.highlighted = id
        return .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.highlightCleared, animation: .easeOut(duration: 0.3))
        }

      case let .deleteSwatches(offsets):
        state.swatches.remove(atOffsets: offsets)
        return .none

      case .highlightCleared:
        withAnimation {
          state.highlighted = nil
        }
        return .none
      }
    }
  }
}

struct Swatch: Equatable, Identifiable {
  let id: Int
  var name: String
  var color: Color
}

struct PaletteView: View {
  let store: StoreOf<Palette>

  var body: some View {
    List {
      ForEach(store.swatches) { swatch in
        Label(swatch.name, systemImage: "circle.fill")
          .foregroundStyle(swatch.color)
          .onTapGesture { store.send(.swatchTapped(id: swatch.id), animation: .default) }
      }
      .onDelete { store.send(.deleteSwatches($0)) }
    }
    .toolbar {
      Button(store.editMode.isEditing ? "Done" : "Edit") {
        store.send(.editButtonTapped, animation: .default)
      }
    }
    .environment(\.editMode, .constant(store.editMode))
  }
}
