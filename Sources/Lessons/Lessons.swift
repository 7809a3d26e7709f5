import ComposableArchitecture
import FeatureCatalog

/// The lessons' features, as the playground's tools (`tcaplay`) see them.
///
/// This is a stand-in with two Day-2 features until the lessons land: `DemoForEach` (a list
/// with child actions by id and a loading effect) and `PromoList` (selecting a promo).
public let lessonCatalog = Catalog(module: "Day2") {
  Feature(
    "DemoForEach", summary: "List CRUD with IdentifiedArray and ForEachStore", reducerNames: ["demoForEachReducer"],
    initialState: DemoForEachState(),
    presets: [
      ("three", { @Sendable in
        DemoForEachState(
          stackData: IdentifiedArray(uniqueElements: DemoForEachEnvironment.threeItems), lastId: 3
        )
      })
    ],
    environments: [
      ("mock", { _ in DemoForEachEnvironment.mock }),
      ("slow", { _ in DemoForEachEnvironment.slow }),
    ],
    reducer: { environment in DemoForEach(environment: environment) }
  )
  demoForEachView
  FieldDefaults(DemoForEachState())
  Feature(
    "PromoList", summary: "Choosing one promo of a list", reducerNames: ["promoListReducer"],
    initialState: PromoListState(),
    reducer: { promoListReducer }
  )
  CatalogValue.function(PromoState.self, "mocks", labels: ["numberOfMocks"]) { (n: Int) in
    PromoState.mocks(numberOfMocks: n)
  }
  ComputedProperty(PromoListState.self, "selectedPromoState") { $0.selectedPromoState }
  FieldDefaults(PromoState.self, ["isSelected": false])
  FieldDefaults(PromoListState())
}
