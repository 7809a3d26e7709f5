import Foundation
import TestSupport

/// A folder holding the files the docs' commands name: `Checkout.swift` (also as
/// `Sources/MyApp/Checkout.swift`), `Counter.swift`, `lesson.tca`, `lesson.tca.md`, `script.tca`, `checkout.tca.md`
/// and a copy of the repository's `notebooks/`.
struct DocumentationFolder: Sendable {
  let folder: FeatureFolder
  var path: String { self.folder.path }

  init() throws {
    self.folder = try FeatureFolder()
    let manager = FileManager.default
    try manager.copyItem(
      at: DocumentedCommandsTests.repository.appendingPathComponent("notebooks"),
      to: self.folder.url.appendingPathComponent("notebooks")
    )
    try manager.copyItem(
      at: DocumentedCommandsTests.repository.appendingPathComponent("examples"),
      to: self.folder.url.appendingPathComponent("examples")
    )
    try manager.createDirectory(
      at: self.folder.url.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true
    )
    try self.folder.write("Checkout.swift", UserFeatureTests.buggy)
    try self.folder.write("Sources/MyApp/Checkout.swift", UserFeatureTests.buggy)
    try self.folder.write("Counter.swift", Self.counter)
    try self.folder.write(
      "lesson.tca",
      """
      :load DemoForEach
      store.send(.addItem)
      store.state.lastId

      """
    )
    try self.folder.write("script.tca", "store.send(.applyCoupon(\"SAVE10\"))\nstore.state.total\n")
    let notebook = """
      # Checkout

      A coupon changes the total.

      ```tca
      :load Checkout
      store.send(.applyCoupon("SAVE10"))
      store.state.total
      ```

      ```output
      \(Self.checkoutOutput)
      ```

      """
    try self.folder.write("lesson.tca.md", notebook)
    try self.folder.write("checkout.tca.md", notebook)
  }

  /// The feature `:help load` loads from a file.
  static let counter = """
    import ComposableArchitecture

    @Reducer
    struct Counter {
      @ObservableState
      struct State: Equatable {
        var count = 0
      }
      enum Action {
        case incrementButtonTapped
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          state.count += 1
          return .none
        }
      }
    }
    """

  /// What the notebook's one cell prints.
  static let checkoutOutput = """
    Loaded Checkout as `store` (Checkout.State). Try store.send(.…) — TAB lists the actions.
    received action:
      Checkout.Action.applyCoupon("SAVE10")
      Checkout.State(
    -   total: 100,
    +   total: 110,
    -   coupon: nil
    +   coupon: "SAVE10"
      )
    110
    """

  func remove() { self.folder.remove() }
}
