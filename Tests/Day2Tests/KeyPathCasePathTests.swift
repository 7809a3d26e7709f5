import ComposableArchitecture
import Day2
import Testing

/// "KeyPath & CasePath": the secure storage and the shop types.
@Suite struct KeyPathCasePathTests {
  @Test func keyPathGetsAndSets() {
    var model = SecureModel(userId: 1, name: "John Doe", age: 25, deviceToken: "myToken")
    #expect(model == .mock)
    let deviceTokenKeyPath = \SecureModel.deviceToken
    #expect(model[keyPath: deviceTokenKeyPath] == "myToken")
    model[keyPath: deviceTokenKeyPath] = "New Updated Token from Keypath"
    #expect(model.deviceToken == "New Updated Token from Keypath")
  }

  @Test func secureStorageLogsAndChangesThroughAKeyPath() {
    // The lesson's recording shows `Swift.WritableKeyPath<TCABootcamp.SecureModel, Swift.String>`:
    // Swift 5.9 and later describe a key path by its source form instead.
    var log: [String] = []
    let secureManager = SecureStorage(log: { log.append($0) })
    #expect(secureManager.getData(keyPath: \.deviceToken) == "myToken")
    secureManager.setSecureData(keyPath: \.deviceToken, value: "new Token")
    #expect(secureManager.getData(keyPath: \.deviceToken) == "new Token")
    secureManager.setSecureData(keyPath: \.age, value: 26)
    #expect(
      log == [
        #"try to change \SecureModel.deviceToken to new Token"#,
        #"try to change \SecureModel.age to 26"#,
      ]
    )
    #expect(
      secureManager.getSecureData()
        == SecureModel(userId: 1, name: "John Doe", age: 26, deviceToken: "new Token")
    )
  }

  @Test func casePathExtractsAndEmbeds() {
    let regular = ShopType.regular(.mock)
    #expect((/ShopType.regular).extract(from: regular) == .mock)
    #expect((/ShopType.officialStore).extract(from: regular) == nil)
    #expect((/ShopType.powerMerchant).embed(.mock) == ShopType.mocks[1])
  }

  @Test func threeWaysToRenameARegularShop() {
    var regularShopType = ShopType.regular(ShopRegular.mock)
    changeShopNameIfRegularWithPatternMatching(&regularShopType)
    #expect(regularShopType == .regular(ShopRegular(shopId: 1, name: "UpdatedName")))

    regularShopType = .regular(.mock)
    changeShopNameIfRegularWithCasePath(&regularShopType)
    #expect(regularShopType == .regular(ShopRegular(shopId: 1, name: "UpdatedName")))

    regularShopType = .regular(.mock)
    changeShopNameIfRegular(&regularShopType)
    #expect(regularShopType == .regular(ShopRegular(shopId: 1, name: "Updated Name using CasePath modify")))
  }

  @Test func otherShopsAreLeftAlone() {
    for shop in ShopType.mocks.dropFirst() {
      var a = shop, b = shop, c = shop
      changeShopNameIfRegularWithPatternMatching(&a)
      changeShopNameIfRegularWithCasePath(&b)
      changeShopNameIfRegular(&c)
      #expect([a, b, c] == [shop, shop, shop])
    }
  }
}
