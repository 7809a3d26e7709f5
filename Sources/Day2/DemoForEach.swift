import Dependencies
import RxComposableArchitecture

// Day 2, part 1: "ForEachStoreNode: Handling list of items never been this easy!"
//
// A list of items the user can load, add to, shuffle, toggle and remove (CRUD), kept in an
// `IdentifiedArray` so that an item is found by its id in O(1). Each row's actions reach the list
// as `child(id:action:)`: the id says which row the action happened in.

/// One row of the demo list.
public struct DemoItemState: Equatable, Identifiable, Sendable {
  public var id: Int
  public var text: String
  public var isActive: Bool

  public init(id: Int, text: String, isActive: Bool) {
    self.id = id
    self.text = text
    self.isActive = isActive
  }

  /// Items `1...numberOfMocks`: item `i` has id `i`, text `"Data i"` and is active.
  ///
  /// ```swift
  /// var identifiedArrayStates = IdentifiedArrayOf(DemoItemState.mocks(numberOfMocks: 10))
  /// identifiedArrayStates[id: 2]?.isActive.toggle()
  /// identifiedArrayStates.remove(id: 3)
  /// ```
  ///
  /// - Parameter numberOfMocks: How many items to make; none when it is zero or less.
  public static func mocks(numberOfMocks: Int) -> [DemoItemState] {
    guard numberOfMocks > 0 else { return [] }
    return (1...numberOfMocks).map { DemoItemState(id: $0, text: "Data \($0)", isActive: true) }
  }
}

/// What the user can do on one row: the ✅/❌ button and the remove button.
public enum DemoItemAction: Equatable, Sendable {
  case toggle
  case remove
}

/// The demo list.
public struct DemoForEachState: Equatable, Sendable {
  public var stackData: IdentifiedArrayOf<DemoItemState> = []
  /// The last id given to an item, so that a new item gets the next one.
  public var lastId: Int = 0

  public init(stackData: IdentifiedArrayOf<DemoItemState> = [], lastId: Int = 0) {
    self.stackData = stackData
    self.lastId = lastId
  }
}

public enum DemoForEachAction: Equatable, Sendable {
  case didLoad
  case shuffle
  case addItem
  /// An action of the row with the given id.
  case child(id: Int, action: DemoItemAction)

  /// Side Effect
  case receiveData([DemoItemState])
}

/// The dependencies of the demo list: where its items come from.
public struct DemoForEachEnvironment {
  public var loadData: () -> Effect<[DemoItemState]>

  public init(loadData: @escaping () -> Effect<[DemoItemState]>) {
    self.loadData = loadData
  }

  /// Ten mock items, delivered at once.
  public static var mock: Self {
    Self(loadData: { Effect(value: DemoItemState.mocks(numberOfMocks: 10)) })
  }

  /// An environment for tests that expect `loadData` not to be called.
  public static var failing: Self {
    Self(loadData: { .failing("Should not call loadData") })
  }
}

/// The demo list's reducer, as the lesson writes it: the list handles its rows' actions itself,
/// finding the row by the id in `child(id:action:)`.
public let demoForEachReducer = Reducer<DemoForEachState, DemoForEachAction, DemoForEachEnvironment> { state, action, env in
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
    // The lesson calls `shuffle()`; shuffling with the `withRandomNumberGenerator` dependency
    // behaves the same in an app and lets tests and the playground seed it.
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    state.stackData = withRandomNumberGenerator { [stackData = state.stackData] generator in
      var stackData = stackData
      stackData.shuffle(using: &generator)
      return stackData
    }
    return .none
  case .addItem:
    state.lastId += 1
    state.stackData.append(
      DemoItemState(
        id: state.lastId,
        text: "Data \(state.lastId)",
        isActive: true
      )
    )
    return .none
  case let .child(id, .remove):
    state.stackData.remove(id: id)
    return .none
  case let .child(id, .toggle):
    state.stackData[id: id]?.isActive.toggle()
    return .none
  }
}
