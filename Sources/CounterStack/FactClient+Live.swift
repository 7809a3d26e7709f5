import ComposableArchitecture
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FactClient {
  /// The client of numbersapi.com, over the network (plain HTTP, which is all the API serves).
  /// Requests fail where there is no network.
  public static let live = FactClient(
    fetch: { number in
      let url = URL(string: "http://numbersapi.com/\(number)/trivia")!
      let (data, response) = try await URLSession.shared.data(from: url)
      guard let response = response as? HTTPURLResponse, (200..<300).contains(response.statusCode)
      else { throw Failure() }
      return String(decoding: data, as: UTF8.self)
    }
  )
}
