import RxComposableArchitecture
import RxSwift

// "ListStoreNode with SwitchCaseStoreNode": the promo list page showing two kinds of cell, promos
// and ads. Each cell's state is one case of an enum (`ItemCellType`), and each kind of cell has
// its own reducer, pulled back along a case path of that enum.

/// An ad shown between the promos.
public struct AdsState: Equatable, Sendable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

/// What the user can do on an ad: tap it.
public enum AdsAction: Equatable, Sendable {
  case didTap
}

/// The state of one cell of the list: a promo or an ad.
///
/// It is `Identifiable`, to be the element of an `IdentifiedArray`: a promo's id is the promo's
/// id, an ad's id is its name.
public enum ItemCellType: Equatable, Identifiable, Sendable {
  case promo(PromoState)
  case ads(AdsState)

  public var id: String {
    switch self {
    case .promo(let promoState):
      return promoState.id
    case .ads(let adsState):
      return adsState.name
    }
  }

  /// `numberOfMocks` mock promos (``PromoState/mocks(numberOfMocks:)``), with an ad named
  /// `"Ads k"` after every third promo.
  public static func mocks(numberOfMocks: Int) -> [ItemCellType] {
    PromoState.mocks(numberOfMocks: numberOfMocks).enumerated().flatMap { offset, promo -> [ItemCellType] in
      let position = offset + 1
      return position.isMultiple(of: 3)
        ? [.promo(promo), .ads(AdsState(name: "Ads \(position / 3)"))]
        : [.promo(promo)]
    }
  }
}

/// The action of one cell: a promo's or an ad's.
public enum ItemCellAction: Equatable, Sendable {
  case promo(PromoAction)
  case ads(AdsAction)
}

/// The promo list page with ads.
public struct PromoAdsListState: Equatable, Sendable {
  /// The id of the promo in use, chosen with "Use promo".
  public var selectedPromoId: String?
  public var items: IdentifiedArrayOf<ItemCellType> = []

  /// The promo in use.
  public var selectedPromoState: PromoState? {
    guard let selectedPromoId, case let .promo(promo)? = items[id: selectedPromoId] else { return nil }
    return promo
  }

  public init(selectedPromoId: String? = nil, items: IdentifiedArrayOf<ItemCellType> = []) {
    self.selectedPromoId = selectedPromoId
    self.items = items
  }
}

public enum PromoAdsListAction: Equatable, Sendable {
  case didLoad
  case receiveItems([ItemCellType])
  /// An action of the cell with the given id.
  case item(id: String, action: ItemCellAction)
  case didTapUsePromo
}

/// The dependencies of the promo list page with ads.
public struct PromoAdsListEnvironment {
  public var getItems: () -> Effect<[ItemCellType]>
  public var trackEvent: (String) -> Effect<Never>

  public init(
    getItems: @escaping () -> Effect<[ItemCellType]>,
    trackEvent: @escaping (String) -> Effect<Never>
  ) {
    self.getItems = getItems
    self.trackEvent = trackEvent
  }

  /// Twenty mock promos with ads between them (``ItemCellType/mocks(numberOfMocks:)``),
  /// delivered 250 ms after the request on the main scheduler (the `mainQueue` of the store
  /// running the reducer); tracking does nothing.
  public static var mock: Self {
    Self(
      getItems: {
        Effect(value: ItemCellType.mocks(numberOfMocks: 20))
          .delay(.milliseconds(250), scheduler: MainScheduler.instance)
          .eraseToEffect()
      },
      trackEvent: { _ in .none }
    )
  }

  /// An environment for tests that expect none of its endpoints to be called.
  public static var failing: Self {
    Self(
      getItems: { .failing("Should not call getItems") },
      trackEvent: { _ in .failing("Should not call trackEvent") }
    )
  }
}

/// The dependencies of an ad cell.
public struct AdsEnvironment {
  public var trackEvent: (String) -> Effect<Never>

  public init(trackEvent: @escaping (String) -> Effect<Never>) {
    self.trackEvent = trackEvent
  }
}

/// An ad cell's reducer: a tap is tracked.
public let adsReducer = Reducer<AdsState, AdsAction, AdsEnvironment> { state, action, env in
  switch action {
  case .didTap:
    return env.trackEvent("Tap ads: \(state.name)")
      .fireAndForget()
  }
}

/// One cell's reducer: the ad reducer, pulled back along the `ads` case of the cell's state.
///
/// A promo's tap changes the other promos too, so the list handles it (see
/// ``promoAdsListReducer``). An ad action sent to a promo cell is reported as a runtime warning.
public let itemCellReducer: Reducer<ItemCellType, ItemCellAction, PromoAdsListEnvironment> =
  adsReducer.pullback(
    state: /ItemCellType.ads,
    action: /ItemCellAction.ads,
    environment: { AdsEnvironment(trackEvent: $0.trackEvent) }
  )

/// The promo list page with ads: each cell's reducer runs with `forEach`, and the list selects
/// promos as ``promoListReducer`` does, reaching into the promo cells with a case path.
public let promoAdsListReducer = Reducer<PromoAdsListState, PromoAdsListAction, PromoAdsListEnvironment>.combine(
  itemCellReducer.forEach(
    state: \.items,
    action: /PromoAdsListAction.item(id:action:),
    environment: { $0 }
  ),
  Reducer { state, action, env in
    switch action {
    case .didLoad:
      return env.getItems()
        .map(PromoAdsListAction.receiveItems)
    case let .receiveItems(items):
      state.items = IdentifiedArrayOf(items)
      let selectedPromoId = state.selectedPromoId
      state.items.mutateEach { item in
        try? (/ItemCellType.promo).modify(&item) { promoState in
          promoState.isSelected = promoState.id == selectedPromoId
        }
      }
      return .none
    case let .item(id, .promo(.didTap)):
      state.items.mutateEach { item in
        try? (/ItemCellType.promo).modify(&item) { promoState in
          if promoState.id == id {
            promoState.isSelected.toggle()
          } else {
            promoState.isSelected = false
          }
        }
      }
      return .none
    case .item:
      return .none
    case .didTapUsePromo:
      state.selectedPromoId = state.items.first { item in
        if case let .promo(promoState) = item { return promoState.isSelected }
        return false
      }?.id
      return .none
    }
  }
)
