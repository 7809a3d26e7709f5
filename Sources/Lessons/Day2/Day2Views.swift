import Day2
import FeatureCatalog

// Text renderings of the lesson's screens, one row per list row, for the playground's `:view`
// (the lesson's UI is UIKit/Texture, which Linux does not have).

/// The DemoForEach list: `✅ Data 1          [remove]`, one row per item.
public let demoForEachView = FeatureView(DemoForEachState.self) { state in
  state.stackData.map { item in
    FeatureView.Row(id: "\(item.id)", text: padded((item.isActive ? "✅ " : "❌ ") + item.text) + "[remove]")
  }
}

/// The promo list: one row per promo (🟢 when selected), then the promo in use.
public let promoListView = FeatureView(PromoListState.self) { state in
  state.promos.map { promo in
    FeatureView.Row(id: promo.id, text: promoRowText(promo))
  }
    + [FeatureView.Row(id: "usePromo", text: "[Use promo]  in use: \(state.selectedPromoState?.title ?? "none")")]
}

/// The promo list with ads: promo rows as in the promo list, ad rows as
/// `📣 This is Ads for Ads 1`, then the promo in use.
public let promoAdsListView = FeatureView(PromoAdsListState.self) { state in
  state.items.map { item in
    switch item {
    case let .promo(promo):
      return FeatureView.Row(id: item.id, text: promoRowText(promo))
    case let .ads(ads):
      return FeatureView.Row(id: item.id, text: "📣 This is Ads for \(ads.name)")
    }
  }
    + [FeatureView.Row(id: "usePromo", text: "[Use promo]  in use: \(state.selectedPromoState?.title ?? "none")")]
}

/// The cart: a loading or error row, one row per product, then the total price.
public let cartPageView = FeatureView(CartPageState.self) { state in
  var rows: [FeatureView.Row] = []
  if state.isLoading {
    rows.append(FeatureView.Row(id: "loading", text: "Loading…"))
  }
  if let error = state.networkError {
    rows.append(FeatureView.Row(id: "error", text: "⚠️ Network error: \(error)"))
  }
  rows += state.products.map { product in
    FeatureView.Row(
      id: "\(product.id)",
      text: padded((product.isActive ? "☑ " : "☐ ") + product.name, width: 22)
        + padded(rupiah(product.price), width: 16)
        + "[-] \(product.quantity) [+]  [delete]"
    )
  }
  rows.append(FeatureView.Row(id: "total", text: "Total Price: \(rupiah(state.totalPrice))"))
  return rows
}

/// The list of counters: `#1  [-] 0 [+]  [remove]`, then the total.
public let counterListView = FeatureView(CounterListState.self) { state in
  state.rows.map { row in
    FeatureView.Row(id: "\(row.id)", text: "#\(row.id)  [-] \(row.counter.count) [+]  [remove]")
  }
    + [FeatureView.Row(id: "total", text: "Total: \(state.totalCount)")]
}

private func promoRowText(_ promo: PromoState) -> String {
  padded((promo.isSelected ? "🟢 " : "⚪ ") + promo.title, width: 24) + "Discount Rp. \(promo.amount)"
}

/// The text followed by spaces up to `width` characters, or by one space if it is that long.
private func padded(_ text: String, width: Int = 18) -> String {
  text.count < width ? text + String(repeating: " ", count: width - text.count) : text + " "
}

/// An amount in rupiah with dots between thousands: `Rp 10.000.000`.
func rupiah(_ amount: Int) -> String {
  let digits = String(amount.magnitude)
  var grouped = ""
  for (offset, digit) in digits.enumerated() {
    if offset > 0, (digits.count - offset).isMultiple(of: 3) { grouped += "." }
    grouped.append(digit)
  }
  return (amount < 0 ? "-Rp " : "Rp ") + grouped
}
