import RxComposableArchitecture

// Seed 003, "ForEachStoreNode: Handling list of items never been this easy!": the lesson's
// state, action and reducer blocks, verbatim. The environment, `DemoItemAction` and the mocks are
// not in the seed's text; they are reconstructed from the lesson's facts (lessons.md, "Day 2,
// part 1") and marked so.

// Seed: "First, we set the State."
struct DemoForEachState: Equatable {
    var stackData: IdentifiedArrayOf<DemoItemState> = []
    var lastId: Int = 0 // used for keep tracking of the last id
}

struct DemoItemState: Equatable, Identifiable {
    var id: Int
    var text: String
    var isActive: Bool
}

// Reconstructed (lessons.md): the item's actions, the environment and the mocks.
enum DemoItemAction: Equatable {
    case toggle
    case remove
}

struct DemoForEachEnvironment {
    var loadData: () -> Effect<[DemoItemState]>
}

extension DemoItemState {
    static func mocks(numberOfMocks: Int) -> [DemoItemState] {
        guard numberOfMocks > 0 else { return [] }
        return (1...numberOfMocks).map { DemoItemState(id: $0, text: "Data \($0)", isActive: true) }
    }
}

extension DemoForEachEnvironment {
    static let mock = DemoForEachEnvironment(
        loadData: { Effect(value: DemoItemState.mocks(numberOfMocks: 10)) }
    )
}

// Seed: "Let's try it:" (the IdentifiedArray demo; its statements, in a function so that they
// compile, returning what they built).
func identifiedArrayDemo() -> ([DemoItemState], IdentifiedArrayOf<DemoItemState>) {
var states = DemoItemState.mocks(numberOfMocks: 10)
var identifiedArrayStates = IdentifiedArrayOf(DemoItemState.mocks(numberOfMocks: 10))

// modify states of id 2
if let index2 = states.firstIndex(where: { $0.id == 2 }) {
    states[index2].isActive.toggle()
}
identifiedArrayStates[id: 2]?.isActive.toggle()

// removing id 3
states.removeAll { $0.id == 3 }
identifiedArrayStates.remove(id: 3)
return (states, identifiedArrayStates)
}

// Seed: "Let's move on to the Action."
enum DemoForEachAction: Equatable {
    case didLoad
    case shuffle
    case addItem
    case child(id: Int, action: DemoItemAction)

    /// Side Effect
    case receiveData([DemoItemState])
}

// Seed: "Next, let's implement the reducer:"
let demoForEachReducer = Reducer<DemoForEachState, DemoForEachAction, DemoForEachEnvironment> { state, action, env in
    switch action {
    case .didLoad:
        return env.loadData()
            .map(DemoForEachAction.receiveData)
            .eraseToEffect()
    case let .receiveData(data):
        state.stackData = IdentifiedArray(data)
        state.lastId = data.count
        return .none
    case .shuffle:
        state.stackData.shuffle()
        return .none
    case .addItem:
        state.lastId += 1
        state.stackData.append(DemoItemState(
            id: state.lastId,
            text: "Data \(state.lastId)",
            isActive: true
        ))
        return .none
    case let .child(id, .remove):
        state.stackData.remove(id: id)
        return .none
    case let .child(id, .toggle):
        state.stackData[id: id]?.isActive.toggle()
        return .none
    }
}
