extension BindingReducer {
  /// Initializes a reducer that updates bindable state when it receives binding actions from a
  /// view action that a closure extracts (the TCA 1.0–1.3 spelling):
  /// `BindingReducer(action: /Action.view)`.
  @available(
    *,
    deprecated,
    message:
      "Use the version of this API that takes a case key path, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init(action toViewAction: @escaping (_ action: Action) -> ViewAction?) {
    self.init(internal: toViewAction)
  }
}
