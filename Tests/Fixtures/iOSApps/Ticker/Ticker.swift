import Combine
import ComposableArchitecture
import os

private let logger = Logger(subsystem: "com.example.ticker", category: "Ticker")

@Reducer
struct Ticker {
  @ObservableState
  struct State: Equatable {
    var symbol = "ACME"
    var quotes: [Double] = []
    var isWatching = false
  }

  enum Action: Equatable {
    case watchButtonTapped
    case quoteReceived(Double)
    case stopButtonTapped
  }

  enum CancelID { case quotes }

  @Dependency(\.prices) var prices

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .watchButtonTapped:
        state.isWatching = true
        logger.info("watching \(state.symbol, privacy: .public)")
        return .publisher { [symbol = state.symbol] in
          prices.prices(symbol)
            .map(Action.quoteReceived)
        }
        .cancellable(id: CancelID.quotes, cancelInFlight: true)

      case let .quoteReceived(price):
        state.quotes.append(price)
        return .none

      case .stopButtonTapped:
        state.isWatching = false
        return .cancel(id: CancelID.quotes)
      }
    }
  }
}
