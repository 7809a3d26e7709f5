import ComposableArchitecture
import FeatureCatalog
import TypeShapes

// A small replica of the Day-2 DemoForEach and promo features, written as plain TCA code with an
// environment, to drive the interpreter in tests.

struct DemoItemState: Equatable, Identifiable {
  var id: Int
  var text: String
  var isActive: Bool
}

enum DemoItemAction: Equatable {
  case toggle
  case remove
}

struct DemoForEachState: Equatable {
  var stackData: IdentifiedArrayOf<DemoItemState> = []
  var lastId: Int = 0
}

enum DemoForEachAction: Equatable {
  case didLoad
  case shuffle
  case addItem
  case child(id: Int, action: DemoItemAction)
  case receiveData([DemoItemState])
}

struct DemoForEachEnvironment {
  var loadData: @Sendable () async -> [DemoItemState]
  static let mock = Self(loadData: { (1...3).map { DemoItemState(id: $0, text: "Data \($0)", isActive: true) } })
}

struct DemoForEach: Reducer {
  let environment: () -> DemoForEachEnvironment

  func reduce(into state: inout DemoForEachState, action: DemoForEachAction) -> Effect<DemoForEachAction> {
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

struct PromoState: Equatable, Identifiable {
  var id: String
  var title: String
  var amount: Int
  var isSelected: Bool = false

  static func mocks(numberOfMocks: Int) -> [PromoState] {
    (1...max(1, numberOfMocks)).map { PromoState(id: "\($0)", title: "Discount Rp \($0 * 10_000)", amount: $0 * 10_000) }
  }
}

struct PromoListState: Equatable {
  var selectedPromoId: String?
  var promos: IdentifiedArrayOf<PromoState> = []
  var selectedPromoState: PromoState? { self.selectedPromoId.flatMap { self.promos[id: $0] } }
}

enum PromoAction: Equatable { case didTap }

enum PromoListAction: Equatable {
  case didLoad
  case receivePromoListResponse([PromoState])
  case promo(id: String, action: PromoAction)
  case didTapUsePromo
}

let testCatalog = Catalog(module: "Fixtures") {
  Feature("ProfileForm", summary: "A form with bindings", initialState: ProfileForm.State(), reducer: { ProfileForm() })
  Feature(
    "DemoForEach", summary: "A list of items", reducerNames: ["demoForEachReducer"],
    initialState: DemoForEachState(),
    presets: [("three", { @Sendable in DemoForEachState(stackData: [DemoItemState(id: 1, text: "Data 1", isActive: true)], lastId: 1) })],
    environments: [("mock", { @Sendable _ in DemoForEachEnvironment.mock })],
    reducer: { environment in DemoForEach(environment: environment) }
  )
  CatalogValue.function(PromoState.self, "mocks", labels: ["numberOfMocks"]) { (n: Int) in PromoState.mocks(numberOfMocks: n) }
  ComputedProperty(PromoListState.self, "selectedPromoState") { $0.selectedPromoState }
  FieldDefaults(PromoState.self, ["isSelected": false])
  FieldDefaults(DemoForEachState())
  FieldDefaults(PromoListState())
  Feature(
    "PromoList", summary: "Promos", reducerNames: ["promoListReducer"],
    initialState: PromoListState(),
    reducer: {
      Reduce<PromoListState, PromoListAction> { state, action in
        switch action {
        case .didLoad: return .none
        case let .receivePromoListResponse(promos):
          state.promos = IdentifiedArray(uniqueElements: promos)
          return .none
        case let .promo(id, .didTap):
          let wasSelected = state.promos[id: id]?.isSelected ?? false
          for promoID in state.promos.ids { state.promos[id: promoID]?.isSelected = false }
          state.promos[id: id]?.isSelected = !wasSelected
          return .none
        case .didTapUsePromo:
          state.selectedPromoId = state.promos.first(where: \.isSelected)?.id
          return .none
        }
      }
    }
  )
}

/// Features that misbehave, for the bad-input matrix.
enum Misbehavior: Equatable {
  case loopForever
  case neverFinish
  case throwError
  case tick
}

let misbehavingCatalog = Catalog(module: "Misbehaving") {
  Feature(
    "Misbehaving", summary: "Effects that loop, hang and throw", reducerNames: ["misbehavingReducer"],
    initialState: 0,
    reducer: {
      Reduce<Int, Misbehavior> { state, action in
        switch action {
        case .loopForever:
          state += 1
          return .send(.loopForever)
        case .neverFinish:
          return .run { _ in try await Task.never() }
        case .throwError:
          struct Boom: Error {}
          return .run { _ in throw Boom() }
        case .tick:
          state += 1
          return .none
        }
      }
    }
  )
}

/// An identified collection of enum elements (like the lesson's `ItemCellType`).
enum Cell: Equatable, Identifiable {
  case promo(String)
  case ad(String)
  var id: String {
    switch self {
    case let .promo(id), let .ad(id): return id
    }
  }
}

struct CellList: Equatable {
  var cells: IdentifiedArrayOf<Cell> = []
  var note: String?
}

let cellCatalog = Catalog(module: "Cells") {
  FieldDefaults(CellList())
  CatalogValue.value(CellList.self, "two") { CellList(cells: [.promo("1"), .ad("A")], note: "hi") }
}
