// `Result` is not `Codable` in the standard library. The cart's `receiveCartData` action carries a
// `Result<[ShopProductState], NetworkError>`, and the playground builds actions from text through
// `Codable`, so `Result` gets the conformance the compiler would synthesize for an enum written
// as `enum Result { case success(Success), failure(Failure) }`:
//
//     {"success": {"_0": …}}    {"failure": {"_0": …}}

extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultCodingKeys.self)
    switch self {
    case let .success(value):
      var payload = container.nestedContainer(keyedBy: ResultPayloadCodingKeys.self, forKey: .success)
      try payload.encode(value, forKey: ._0)
    case let .failure(error):
      var payload = container.nestedContainer(keyedBy: ResultPayloadCodingKeys.self, forKey: .failure)
      try payload.encode(error, forKey: ._0)
    }
  }
}

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultCodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        Result.self,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "Invalid number of keys found, expected one."
        )
      )
    }
    let payload = try container.nestedContainer(keyedBy: ResultPayloadCodingKeys.self, forKey: key)
    switch key {
    case .success:
      self = .success(try payload.decode(Success.self, forKey: ._0))
    case .failure:
      self = .failure(try payload.decode(Failure.self, forKey: ._0))
    }
  }
}

private enum ResultCodingKeys: String, CodingKey {
  case success
  case failure
}

private enum ResultPayloadCodingKeys: String, CodingKey {
  case _0
}
