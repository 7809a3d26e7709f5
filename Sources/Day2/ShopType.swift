import RxComposableArchitecture

// "KeyPath & CasePath", part 2: CasePath.
//
// A case path does for an enum case what a key path does for a property: it extracts the case's
// associated value (get), and embeds a value into the case (set). With both, a generic helper such
// as `modify` works for any case of any enum.

/// A regular shop.
public struct ShopRegular: Equatable, Sendable {
  public var shopId: Int
  public var name: String

  public init(shopId: Int, name: String) {
    self.shopId = shopId
    self.name = name
  }

  public static let mock = ShopRegular(shopId: 1, name: "Regular Shop")
}

/// A Power Merchant shop, with the benefits it gets.
public struct ShopPowerMerchant: Equatable, Sendable {
  public var shopId: Int
  public var benefit: [String]

  public init(shopId: Int, benefit: [String]) {
    self.shopId = shopId
    self.benefit = benefit
  }

  public static let mock = ShopPowerMerchant(shopId: 2, benefit: ["Free shipping", "Cashback"])
}

/// An Official Store, with its admins and closing time.
public struct ShopOfficialStore: Equatable, Sendable {
  public var shopId: Int
  public var adminIds: [Int]
  public var closedTime: String

  public init(shopId: Int, adminIds: [Int], closedTime: String) {
    self.shopId = shopId
    self.adminIds = adminIds
    self.closedTime = closedTime
  }

  public static let mock = ShopOfficialStore(shopId: 3, adminIds: [10, 11], closedTime: "21:00")
}

/// The kind of a shop, with the data of that kind.
public enum ShopType: Equatable, Sendable {
  case regular(ShopRegular)
  case powerMerchant(ShopPowerMerchant)
  case officialStore(ShopOfficialStore)

  /// One shop of each kind, made of the payloads' mocks.
  public static let mocks: [ShopType] = [
    .regular(.mock),
    .powerMerchant(.mock),
    .officialStore(.mock),
  ]
}

/// Renames a regular shop to "UpdatedName", getting and setting the case by hand; other kinds of
/// shop are left alone.
public func changeShopNameIfRegularWithPatternMatching(_ shopType: inout ShopType) {
  // get
  guard case var .regular(shopRegular) = shopType else { return }

  shopRegular.name = "UpdatedName"

  // set
  shopType = .regular(shopRegular)
}

/// Renames a regular shop to "UpdatedName", getting and setting the case with a case path:
/// `extract` is the get, `embed` the set.
public func changeShopNameIfRegularWithCasePath(_ shopType: inout ShopType) {
  // get
  guard var shopRegular = (/ShopType.regular).extract(from: shopType) else { return }

  shopRegular.name = "UpdatedName"

  // set
  shopType = (/ShopType.regular).embed(shopRegular)
}

/// Renames a regular shop with the case path's generic `modify`, which extracts, runs the body,
/// and embeds: only the change is left to write.
public func changeShopNameIfRegular(_ shopType: inout ShopType) {
  try? (/ShopType.regular).modify(&shopType) {
    // modify
    $0.name = "Updated Name using CasePath modify"
  }
}
