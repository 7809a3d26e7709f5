import RxComposableArchitecture

// Exercise: Refactor `CounterNode`.
//
// The order page (day 1) and the cart's product rows show the same "-  1  +" counter. The
// counter's logic moves into its own `counterReducer`, which the cart's rows then reuse through
// `pullback`, and the rows run for each product with `forEach`.

/// A counter: "-", the value (editable as text), "+".
public struct CounterState: Equatable, Sendable {
  public var count: Int

  public init(count: Int = 0) {
    self.count = count
  }
}

public enum CounterAction: Equatable, Sendable {
  case didTapPlus
  case didTapMinus
  /// The user typed in the counter's text field; text that is not a number counts as 0.
  case textDidChange(String)
}

/// The counter's logic, on its own, reusable wherever a counter is shown.
public let counterReducer = Reducer<CounterState, CounterAction, Void> { state, action, _ in
  switch action {
  case .didTapPlus:
    state.count += 1
    return .none
  case .didTapMinus:
    state.count -= 1
    return .none
  case let .textDidChange(string):
    state.count = Int(string) ?? 0
    return .none
  }
}

extension ShopProductState {
  /// The product's quantity, seen as a counter: the key path the cart pulls ``counterReducer``
  /// back along.
  public var counter: CounterState {
    get { CounterState(count: self.quantity) }
    set { self.quantity = newValue.count }
  }
}

extension ShopProductAction {
  /// The product actions that are counter actions ("-", "+", typing), as a case path: it
  /// extracts the ``CounterAction`` from a product action and embeds it back.
  public static let counter = AnyCasePath<ShopProductAction, CounterAction>(
    embed: { counterAction in
      switch counterAction {
      case .didTapPlus: return .didTapPlus
      case .didTapMinus: return .didTapMinus
      case let .textDidChange(string): return .textDidChange(string)
      }
    },
    extract: { productAction in
      switch productAction {
      case .didTapPlus: return .didTapPlus
      case .didTapMinus: return .didTapMinus
      case let .textDidChange(string): return .textDidChange(string)
      case .didTapToggle, .didTapDelete: return nil
      }
    }
  )
}

/// A product row's reducer: the counter, pulled back to the product's quantity, and the toggle.
/// Deleting is the cart's business.
public let shopProductReducer = Reducer<ShopProductState, ShopProductAction, Void>.combine(
  counterReducer.pullback(
    state: \.counter,
    action: ShopProductAction.counter,
    environment: { _ in () }
  ),
  Reducer { state, action, _ in
    switch action {
    case .didTapToggle:
      state.isActive.toggle()
      return .none
    case .didTapPlus, .didTapMinus, .textDidChange, .didTapDelete:
      return .none
    }
  }
)

/// The cart page after the refactor: the same feature as ``cartPageReducer``, with each product
/// row run by ``shopProductReducer`` through `forEach`, and the page keeping only loading and
/// deleting.
public let cartPageCounterReducer = Reducer<CartPageState, CartPageAction, CartPageEnvironment>.combine(
  shopProductReducer.forEach(
    state: \.products,
    action: /CartPageAction.product(id:action:),
    environment: { _ in () }
  ),
  Reducer { state, action, env in
    switch action {
    case .didLoad:
      state.isLoading = true
      state.networkError = nil
      return env.getCartData()
        .map(CartPageAction.receiveCartData)
    case let .receiveCartData(.success(products)):
      state.isLoading = false
      state.products = IdentifiedArrayOf(products)
      return .none
    case let .receiveCartData(.failure(error)):
      state.isLoading = false
      state.networkError = error
      return .none
    case let .product(id, .didTapDelete):
      state.products.remove(id: id)
      return .none
    case .product:
      return .none
    }
  }
)
