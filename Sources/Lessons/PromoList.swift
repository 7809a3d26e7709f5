import ComposableArchitecture
import FeatureCatalog

// Stand-in for the Day-2 promo list lesson: selecting one promo of a list.

public struct PromoState: Equatable, Identifiable, Codable, Sendable {
  public var id: String
  public var title: String
  public var amount: Int
  public var isSelected: Bool = false

  public init(id: String, title: String, amount: Int, isSelected: Bool = false) {
    self.id = id
    self.title = title
    self.amount = amount
    self.isSelected = isSelected
  }

  public static func mocks(numberOfMocks: Int) -> [PromoState] {
    (1...max(1, numberOfMocks)).map { PromoState(id: "\($0)", title: "Discount Rp \($0 * 10_000)", amount: $0 * 10_000) }
  }
}

public struct PromoListState: Equatable, Codable, Sendable {
  public var selectedPromoId: String?
  public var promos: IdentifiedArrayOf<PromoState> = []

  public init(selectedPromoId: String? = nil, promos: IdentifiedArrayOf<PromoState> = []) {
    self.selectedPromoId = selectedPromoId
    self.promos = promos
  }

  public var selectedPromoState: PromoState? { self.selectedPromoId.flatMap { self.promos[id: $0] } }
}

public enum PromoAction: Equatable, Codable, Sendable { case didTap }

public enum PromoListAction: Equatable, Codable, Sendable {
  case didLoad
  case receivePromoListResponse([PromoState])
  case promo(id: String, action: PromoAction)
  case didTapUsePromo
}

public let promoListReducer = Reduce<PromoListState, PromoListAction> { state, action in
  switch action {
  case .didLoad:
    return .none
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
