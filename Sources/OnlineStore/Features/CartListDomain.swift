import ComposableArchitecture

/// The cart: its items, the total price, and paying for them, with a confirmation alert before
/// the order is sent and a success or error alert after.
@Reducer
public struct CartListDomain: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var dataLoadingStatus = DataLoadingStatus.notStarted
    public var cartItems: IdentifiedArrayOf<CartItemDomain.State> = []
    public var totalPrice = 0.0
    public var isPayButtonDisable = false

    public init(
      alert: AlertState<Action.Alert>? = nil,
      dataLoadingStatus: DataLoadingStatus = .notStarted,
      cartItems: IdentifiedArrayOf<CartItemDomain.State> = [],
      totalPrice: Double = 0.0,
      isPayButtonDisable: Bool = false
    ) {
      self.alert = alert
      self.dataLoadingStatus = dataLoadingStatus
      self.cartItems = cartItems
      self.totalPrice = totalPrice
      self.isPayButtonDisable = isPayButtonDisable
    }

    /// The total price as the pay button shows it: `$219.9`.
    public var totalPriceString: String {
      let roundedValue = (self.totalPrice * 100).rounded() / 100.0
      return "$\(roundedValue)"
    }

    /// Whether the order is being sent.
    public var isRequestInProcess: Bool {
      self.dataLoadingStatus == .loading
    }
  }

  public enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case cartItem(IdentifiedActionOf<CartItemDomain>)
    case didPressCloseButton
    case didPressPayButton
    case didReceivePurchaseResponse(TaskResult<String>)
    case getTotalPrice

    @CasePathable
    public enum Alert: Equatable, Sendable {
      case didCancelConfirmation
      case didConfirmPurchase
      case dismissErrorAlert
      case dismissSuccessAlert
    }
  }

  @Dependency(\.apiClient.sendOrder) var sendOrder

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.didConfirmPurchase)):
        state.dataLoadingStatus = .loading
        let items = state.cartItems.map(\.cartItem)
        return .run { send in
          await send(.didReceivePurchaseResponse(TaskResult { try await self.sendOrder(items) }))
        }
      case .alert:
        return .none
      case let .cartItem(.element(id, .deleteCartItem)):
        state.cartItems.remove(id: id)
        return .send(.getTotalPrice)
      case .didPressCloseButton:
        return .none
      case .didPressPayButton:
        state.alert = .confirmationAlert(totalPriceString: state.totalPriceString)
        return .none
      case .didReceivePurchaseResponse(.success):
        state.dataLoadingStatus = .success
        state.alert = .successAlert
        return .none
      case .didReceivePurchaseResponse(.failure):
        state.dataLoadingStatus = .error
        state.alert = .errorAlert
        return .none
      case .getTotalPrice:
        state.totalPrice = state.cartItems.reduce(0.0) { $0 + $1.cartItem.totalPrice }
        state.isPayButtonDisable = state.totalPrice == 0.0
        return .none
      }
    }
    .forEach(\.cartItems, action: \.cartItem) {
      CartItemDomain()
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == CartListDomain.Action.Alert {
  /// Asks to confirm paying the total.
  public static func confirmationAlert(totalPriceString: String) -> Self {
    AlertState {
      TextState("Confirm your purchase")
    } actions: {
      ButtonState(action: .didConfirmPurchase) { TextState("Pay \(totalPriceString)") }
      ButtonState(role: .cancel, action: .didCancelConfirmation) { TextState("Cancel") }
    } message: {
      TextState("Do you want to proceed with your purchase of \(totalPriceString)?")
    }
  }

  /// The order was sent.
  public static var successAlert: Self {
    AlertState {
      TextState("Thank you!")
    } actions: {
      ButtonState(action: .dismissSuccessAlert) { TextState("Done") }
      ButtonState(role: .cancel, action: .didCancelConfirmation) { TextState("Cancel") }
    } message: {
      TextState("Your order is in process.")
    }
  }

  /// The order could not be sent.
  public static var errorAlert: Self {
    AlertState {
      TextState("Oops!")
    } actions: {
      ButtonState(action: .dismissErrorAlert) { TextState("Done") }
    } message: {
      TextState("Unable to send order, try again later.")
    }
  }
}
