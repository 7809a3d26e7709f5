import RxComposableArchitecture

// "Reducer.optional": a child feature whose state is there only some of the time. The lesson's
// demo is a wishlist bottom sheet: a product card shown in a sheet, `nil` while the sheet is
// closed. `optional()` turns the card's reducer into one on `ProductCardState?`, so the card's
// logic is written once against non-optional state, with no `guard let` in every case.

/// A page that shows a product in a wishlist bottom sheet.
public struct WishlistSheetState: Equatable, Sendable {
  /// The product shown in the sheet; `nil` while the sheet is closed.
  public var sheet: ProductCardState?
  /// The ids of the products added to the wishlist from the sheet, in order.
  public var wishlistIds: [Int] = []

  public init(sheet: ProductCardState? = nil, wishlistIds: [Int] = []) {
    self.sheet = sheet
    self.wishlistIds = wishlistIds
  }
}

public enum WishlistSheetAction: Equatable, Sendable {
  /// Opens the sheet on a product.
  case showSheet(ProductCardState)
  case dismissSheet
  /// An action of the product card in the sheet.
  case sheet(ProductCardAction)
}

/// The page's dependencies.
public struct WishlistSheetEnvironment {
  public var route: (String) -> Effect<Never>

  public init(route: @escaping (String) -> Effect<Never>) {
    self.route = route
  }

  /// Routing that goes nowhere.
  public static var mock: Self {
    Self(route: { _ in .none })
  }

  /// An environment for tests that expect the sheet not to route.
  public static var failing: Self {
    Self(route: { _ in .failing("Should not call route") })
  }
}

/// The page's reducer: the product card's reducer made optional and pulled back to the sheet,
/// combined (first, so that it sees its actions while the sheet is open) with the page's own,
/// which closes the sheet once the product is added to or removed from the wishlist.
///
/// An action for the card while the sheet is closed is ignored and reported as a runtime
/// warning.
public let wishlistSheetReducer = Reducer<WishlistSheetState, WishlistSheetAction, WishlistSheetEnvironment>
  .combine(
    productCardReducer.optional().pullback(
      state: \.sheet,
      action: /WishlistSheetAction.sheet,
      environment: { ProductCardEnvironment(route: $0.route) }
    ),
    Reducer { state, action, _ in
      switch action {
      case let .showSheet(product):
        state.sheet = product
        return .none
      case .dismissSheet:
        state.sheet = nil
        return .none
      case .sheet(.didTapWishlist):
        guard let product = state.sheet else { return .none }
        if product.isWishlist {
          state.wishlistIds.append(product.id)
        } else {
          state.wishlistIds.removeAll { $0 == product.id }
        }
        state.sheet = nil
        return .none
      case .sheet:
        return .none
      }
    }
  )
