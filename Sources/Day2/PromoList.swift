import RxComposableArchitecture
import RxSwift

// Exercise 1: Promo List Page.
//
// A list of promos loaded from the server. Tapping a promo selects it (and deselects the others;
// tapping it again deselects it); "Use promo" makes the selected promo the one in use.

/// One promo of the list.
public struct PromoState: Equatable, HashDiffable, Sendable {
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

  /// Promos `1...numberOfMocks`: promo `i` has id `"i"`, title `"Discount Rp \(i * 10_000)"`,
  /// amount `i * 10_000`, and is not selected.
  ///
  /// - Parameter numberOfMocks: How many promos to make; none when it is zero or less.
  public static func mocks(numberOfMocks: Int) -> [PromoState] {
    guard numberOfMocks > 0 else { return [] }
    return (1...numberOfMocks).map {
      PromoState(id: "\($0)", title: "Discount Rp \($0 * 10_000)", amount: $0 * 10_000)
    }
  }
}

/// What the user can do on a promo: tap it.
public enum PromoAction: Equatable, Sendable {
  case didTap
}

/// The promo list page.
public struct PromoListState: Equatable, Sendable {
  /// The id of the promo in use, chosen with "Use promo".
  public var selectedPromoId: String?

  /// The promo in use, computed from ``selectedPromoId`` so that the state holds no redundant
  /// data.
  public var selectedPromoState: PromoState? {
    selectedPromoId.flatMap { promos[id: $0] }
  }

  public var promos: IdentifiedArrayOf<PromoState> = []

  public init(selectedPromoId: String? = nil, promos: IdentifiedArrayOf<PromoState> = []) {
    self.selectedPromoId = selectedPromoId
    self.promos = promos
  }
}

public enum PromoListAction: Equatable, Sendable {
  case didLoad
  case receivePromoListResponse([PromoState])
  /// An action of the promo with the given id.
  case promo(id: String, action: PromoAction)
  case didTapUsePromo
}

/// The dependencies of the promo list page.
public struct PromoListEnvironment {
  public var getPromoList: () -> Effect<[PromoState]>

  public init(getPromoList: @escaping () -> Effect<[PromoState]>) {
    self.getPromoList = getPromoList
  }

  /// Twenty mock promos, delivered 250 ms after the request on the main scheduler, as the
  /// lesson's screen did.
  ///
  /// `MainScheduler.instance` is the `mainQueue` of the store running the reducer: a test store's
  /// scheduler in tests, the playground's in the playground (advance it by 250 ms to deliver the
  /// promos).
  public static var mock: Self {
    Self(
      getPromoList: {
        Effect(value: PromoState.mocks(numberOfMocks: 20))
          .delay(.milliseconds(250), scheduler: MainScheduler.instance)
          .eraseToEffect()
      }
    )
  }

  /// The stub the exercise's tests give `getPromoList`: two mock promos, delivered at once.
  public static var twoPromos: Self {
    Self(getPromoList: { Effect(value: PromoState.mocks(numberOfMocks: 2)) })
  }

  /// An environment for tests that expect `getPromoList` not to be called: a test replaces the
  /// endpoints it uses.
  public static var failing: Self {
    Self(getPromoList: { Effect.failing("Should not called getPromoList") })
  }
}

/// The promo list page's reducer.
public let promoListReducer = Reducer<PromoListState, PromoListAction, PromoListEnvironment> { state, action, env in
  switch action {
  case .didLoad:
    return env.getPromoList()
      .map(PromoListAction.receivePromoListResponse)
  case let .receivePromoListResponse(promos):
    state.promos = IdentifiedArrayOf(promos)
    state.promos.mutateEach { promoState in
      promoState.isSelected = promoState.id == state.selectedPromoId
    }
    return .none
  case let .promo(id, .didTap):
    state.promos.mutateEach {
      if $0.id == id {
        $0.isSelected.toggle()
      } else {
        $0.isSelected = false
      }
    }
    return .none
  case .didTapUsePromo:
    state.selectedPromoId = state.promos.first(where: \.isSelected)?.id
    return .none
  }
}
