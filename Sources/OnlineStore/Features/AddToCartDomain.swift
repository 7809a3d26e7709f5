import ComposableArchitecture

/// The add-to-cart button of a product: a count with plus and minus buttons.
///
/// It knows nothing of the product it belongs to; ``ProductDomain`` scopes to it and keeps the
/// count from going below zero.
@Reducer
public struct AddToCartDomain {
  @ObservableState
  public struct State: Equatable, Hashable, Sendable {
    public var count = 0

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: Equatable, Sendable {
    case didTapPlusButton
    case didTapMinusButton
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .didTapPlusButton:
        state.count += 1
        return .none
      case .didTapMinusButton:
        state.count -= 1
        return .none
      }
    }
  }
}
