import ComposableArchitecture
import FeatureCatalog
import OnlineStore

// Text renderings of the store's screens, one row per line, for the playground's `:view` (the
// demo's SwiftUI views don't exist on Linux).

/// The tab bar (`[Products]  Profile`), then the selected tab's rows.
public let rootView = FeatureView(RootDomain.State.self) { state in
  let tabs = state.selectedTab == .products ? "[Products]  Profile" : "Products  [Profile]"
  let rows = state.selectedTab == .products
    ? productListRows(state.productListState)
    : profileRows(state.profileState)
  return [FeatureView.Row(id: "tabs", text: tabs)] + rows
}

/// The product list: a loading or error row, one row per product
/// (`Mens Cotton Jacket          $55.99   [-] 1 [+]`), the cart button, and the cart's rows
/// while it is open.
public let productListView = FeatureView(ProductListDomain.State.self, productListRows)

/// The cart: one row per item (`Mens Cotton Jacket ×2   $111.98   [delete]`), the total and the
/// pay button, then the alert, if one is shown.
public let cartListView = FeatureView(CartListDomain.State.self, cartListRows)

/// The profile: the user's id, email and name.
public let profileView = FeatureView(ProfileDomain.State.self, profileRows)

private func productListRows(_ state: ProductListDomain.State) -> [FeatureView.Row] {
  var rows: [FeatureView.Row] = []
  if state.isLoading {
    rows.append(FeatureView.Row(id: "loading", text: "Loading products…"))
  }
  if state.shouldShowError {
    rows.append(FeatureView.Row(id: "error", text: "⚠️ Error getting products, try again later."))
  }
  rows += state.productList.map { row in
    FeatureView.Row(
      id: "\(row.product.id)",
      text: padded(row.product.title, width: 28) + padded(dollars(row.product.price), width: 9)
        + "[-] \(row.count) [+]"
    )
  }
  let itemCount = state.productList.reduce(0) { $0 + $1.count }
  rows.append(FeatureView.Row(id: "goToCart", text: "[Go to Cart] (\(itemCount) items)"))
  if let cart = state.cartState {
    rows.append(FeatureView.Row(id: "cart", text: "── Cart ──"))
    rows += cartListRows(cart).map { FeatureView.Row(id: "cart." + $0.id, text: "  " + $0.text) }
  }
  return rows
}

private func cartListRows(_ state: CartListDomain.State) -> [FeatureView.Row] {
  var rows = state.cartItems.map { item in
    FeatureView.Row(
      id: "\(item.cartItem.product.id)",
      text: padded("\(truncated(item.cartItem.product.title, to: 24)) ×\(item.cartItem.quantity)", width: 30)
        + padded(dollars(item.cartItem.totalPrice), width: 10) + "[delete]"
    )
  }
  let pay = state.isPayButtonDisable ? "(Pay disabled)" : "[Pay \(state.totalPriceString)]"
  rows.append(FeatureView.Row(id: "total", text: "Total: \(state.totalPriceString)   \(pay)"))
  if state.isRequestInProcess {
    rows.append(FeatureView.Row(id: "sending", text: "Sending order…"))
  }
  if let alert = state.alert {
    let message = alert.message.map { " — \($0)" } ?? ""
    let buttons = alert.buttons.map { "[\($0.label)]" }.joined(separator: " ")
    rows.append(FeatureView.Row(id: "alert", text: "⚠️ \(alert.title)\(message)  \(buttons)"))
  }
  return rows
}

private func profileRows(_ state: ProfileDomain.State) -> [FeatureView.Row] {
  if state.isLoading {
    return [FeatureView.Row(id: "loading", text: "Loading profile…")]
  }
  return [
    FeatureView.Row(id: "id", text: "ID: \(state.profile.id)"),
    FeatureView.Row(id: "email", text: "Email: \(state.profile.email)"),
    FeatureView.Row(id: "name", text: "Name: \(state.profile.firstName) \(state.profile.lastName)"),
  ]
}

/// A price as the demo shows it: `$109.95`.
private func dollars(_ amount: Double) -> String {
  "$\((amount * 100).rounded() / 100)"
}

/// The text cut to `length` characters, with an ellipsis if it was longer.
private func truncated(_ text: String, to length: Int) -> String {
  text.count <= length ? text : String(text.prefix(length - 1)) + "…"
}

/// The text (cut to fit) followed by spaces up to `width` characters, and at least one space.
private func padded(_ text: String, width: Int) -> String {
  let text = truncated(text.trimmingCharacters(in: .whitespaces), to: width - 1)
  return text + String(repeating: " ", count: width - text.count)
}
