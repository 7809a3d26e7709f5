@preconcurrency import Combine
import ComposableArchitecture
import Foundation

struct PriceClient: Sendable {
  var prices: @Sendable (_ symbol: String) -> AnyPublisher<Double, Never>
}

extension PriceClient: DependencyKey {
  static let liveValue = Self { symbol in
    let subject = CurrentValueSubject<Double, Never>(symbol == "ACME" ? 100 : 10)
    return subject
      .map { $0 * 1.01 }
      .eraseToAnyPublisher()
  }

  static let testValue = Self { _ in
    Empty(completeImmediately: true).eraseToAnyPublisher()
  }

  /// Three quotes, one after another.
  static func quotes(_ values: [Double]) -> Self {
    Self { _ in values.publisher.eraseToAnyPublisher() }
  }
}

extension DependencyValues {
  var prices: PriceClient {
    get { self[PriceClient.self] }
    set { self[PriceClient.self] = newValue }
  }
}
