extension ReducerBuilder {
  /// Lets a reducer builder take a reducer of an existential type, as TCA's does:
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Logging() as any ReducerOf<Self>
  ///   Reduce { state, action in … }
  /// }
  /// ```
  ///
  /// The reducer runs wrapped in a ``Reduce``. As with TCA's builder, an existential held in a
  /// local (`let r: any ReducerOf<Self> = …; r`) is not taken: a declaration makes the builder
  /// solve each expression on its own, where the generic `buildExpression` opens the existential.
  @_disfavoredOverload
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(expression)
  }
}
