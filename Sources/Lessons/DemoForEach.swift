import ComposableArchitecture
import FeatureCatalog
import Foundation

// Stand-in for the Day-2 DemoForEach lesson (the lead replaces Sources/Lessons with the real
// lessons): a list of items with IdentifiedArray, child actions by id, and an effect that loads
// data from the environment.

public struct DemoItemState: Equatable, Identifiable, Codable, Sendable {
  public var id: Int
  public var text: String
  public var isActive: Bool

  public init(id: Int, text: String, isActive: Bool) {
    self.id = id
    self.text = text
    self.isActive = isActive
  }
}

public enum DemoItemAction: Equatable, Codable, Sendable {
  case toggle
  case remove
}

public struct DemoForEachState: Equatable, Codable, Sendable {
  public var stackData: IdentifiedArrayOf<DemoItemState> = []
  public var lastId: Int = 0

  public init(stackData: IdentifiedArrayOf<DemoItemState> = [], lastId: Int = 0) {
    self.stackData = stackData
    self.lastId = lastId
  }
}

public enum DemoForEachAction: Equatable, Codable, Sendable {
  case didLoad
  case shuffle
  case addItem
  case child(id: Int, action: DemoItemAction)
  case receiveData([DemoItemState])
}

public struct DemoForEachEnvironment: Sendable {
  public var loadData: @Sendable () async -> [DemoItemState]

  public init(loadData: @escaping @Sendable () async -> [DemoItemState]) {
    self.loadData = loadData
  }

  /// Three items, at once.
  public static let mock = Self(loadData: { Self.threeItems })

  /// Three items, after a quarter of a second of real time (effects that finish while the user
  /// is typing).
  public static let slow = Self(loadData: {
    try? await Task.sleep(nanoseconds: 250_000_000)
    return Self.threeItems
  })

  static var threeItems: [DemoItemState] {
    (1...3).map { DemoItemState(id: $0, text: "Data \($0)", isActive: true) }
  }
}

public struct DemoForEach: Reducer {
  let environment: () -> DemoForEachEnvironment

  public init(environment: @escaping () -> DemoForEachEnvironment) {
    self.environment = environment
  }

  public func reduce(into state: inout DemoForEachState, action: DemoForEachAction) -> Effect<DemoForEachAction> {
    switch action {
    case .didLoad:
      let load = self.environment().loadData
      return .run { send in await send(.receiveData(await load())) }
    case let .receiveData(data):
      state.stackData = IdentifiedArray(uniqueElements: data)
      state.lastId = data.count
      return .none
    case .shuffle:
      state.stackData.reverse()
      return .none
    case .addItem:
      state.lastId += 1
      state.stackData.append(DemoItemState(id: state.lastId, text: "Data \(state.lastId)", isActive: true))
      return .none
    case let .child(id, .remove):
      state.stackData.remove(id: id)
      return .none
    case let .child(id, .toggle):
      state.stackData[id: id]?.isActive.toggle()
      return .none
    }
  }
}

/// The DemoForEach screen as text: one row per item, as `ForEachStoreNode` lays them out.
public let demoForEachView = FeatureView(DemoForEachState.self) { state in
  state.stackData.map { item in
    let label = (item.isActive ? "✅ " : "❌ ") + item.text
    let padded = label.count < 18 ? label + String(repeating: " ", count: 18 - label.count) : label + " "
    return FeatureView.Row(id: "\(item.id)", text: padded + "[remove]")
  }
}
