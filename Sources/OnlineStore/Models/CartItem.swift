/// A product in the cart, with how many of it the user is buying. The order ``APIClient`` sends
/// is a list of cart items.
public struct CartItem: Equatable, Hashable, Codable, Sendable {
  public var product: Product
  public var quantity: Int

  public init(product: Product, quantity: Int) {
    self.product = product
    self.quantity = quantity
  }

  /// The price of the item: the product's price times the quantity.
  public var totalPrice: Double {
    self.product.price * Double(self.quantity)
  }
}
