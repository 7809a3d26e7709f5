import ComposableArchitecture

extension IdentifiedArray where ID == UUID, Element == ProductDomain.State {
  /// Product rows for the given products, identified the way ``ProductListDomain`` identifies
  /// fetched products under an incrementing `uuid` dependency (as in tests and the playground):
  /// `UUID(0)`, `UUID(1)`, … from `firstID` on.
  ///
  /// ```swift
  /// await store.receive(\.fetchProductsResponse.success) {
  ///   $0.productList = .rows(Product.fixtures)
  ///   $0.dataLoadingStatus = .success
  /// }
  /// ```
  public static func rows(_ products: [Product], firstID: Int = 0) -> Self {
    IdentifiedArray(
      uniqueElements: products.enumerated().map { offset, product in
        ProductDomain.State(id: UUID(firstID + offset), product: product)
      }
    )
  }
}
