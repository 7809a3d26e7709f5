import ComposableArchitecture
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// The client of fakestoreapi.com, over the network. Requests fail (with the `URLError` of the
  /// transport, or ``Failure`` for a response that is not a success) where there is no network.
  public static let live = APIClient(
    fetchProducts: {
      let (data, response) = try await URLSession.shared.data(from: endpoint("products"))
      try validate(response)
      return try FakeStoreJSON.products(from: data)
    },
    sendOrder: { items in
      var request = URLRequest(url: endpoint("carts"))
      request.httpMethod = "POST"
      request.addValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = try JSONEncoder().encode(items)
      let (_, response) = try await URLSession.shared.data(for: request)
      let statusCode = try validate(response)
      return "Status: \(statusCode)"
    },
    fetchUserProfile: {
      let (data, response) = try await URLSession.shared.data(from: endpoint("users/1"))
      try validate(response)
      return try FakeStoreJSON.user(from: data)
    }
  )

  private static func endpoint(_ path: String) -> URL {
    URL(string: "https://fakestoreapi.com/\(path)")!
  }

  /// The status code of a successful HTTP response; throws ``Failure`` for anything else.
  @discardableResult
  private static func validate(_ response: URLResponse) throws -> Int {
    guard let response = response as? HTTPURLResponse, (200..<300).contains(response.statusCode)
    else { throw Failure() }
    return response.statusCode
  }
}
