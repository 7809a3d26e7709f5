import Testing
@testable import FeatureLoader

@Suite struct ReducerScannerTests {
  typealias Declaration = ReducerScanner.Declaration

  @Test func findsReducersByAttributeConformanceAndExtension() {
    let source = """
      import ComposableArchitecture

      @Reducer
      public struct Counter {
        @ObservableState
        struct State: Equatable { var count = 0 }
        enum Action { case tapped }
        @Reducer(state: .equatable) enum Destination { case child(Child) }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            struct Local: Reducer {}
            return .none
          }
        }
      }

      struct Timer: ComposableArchitecture.Reducer, Sendable {}
      struct Wrapper<Base: Reducer>: Reducer {}
      struct Plain: Equatable {}
      struct Late {}
      extension Late: Reducer {}
      extension Counter { @Reducer struct Child {} }
      final class Model {
        class func make() -> Model { Model() }
      }
      """
    #expect(
      ReducerScanner.declarations(in: source) == [
        Declaration(kind: .struct, qualifiedName: "Counter", isReducer: true, isGeneric: false),
        Declaration(kind: .struct, qualifiedName: "Counter.State", isReducer: false, isGeneric: false),
        Declaration(kind: .enum, qualifiedName: "Counter.Action", isReducer: false, isGeneric: false),
        Declaration(kind: .enum, qualifiedName: "Counter.Destination", isReducer: true, isGeneric: false),
        Declaration(kind: .struct, qualifiedName: "Timer", isReducer: true, isGeneric: false),
        Declaration(kind: .struct, qualifiedName: "Wrapper", isReducer: true, isGeneric: true),
        Declaration(kind: .struct, qualifiedName: "Plain", isReducer: false, isGeneric: false),
        Declaration(kind: .struct, qualifiedName: "Late", isReducer: true, isGeneric: false),
        Declaration(kind: .struct, qualifiedName: "Counter.Child", isReducer: true, isGeneric: false),
        Declaration(kind: .class, qualifiedName: "Model", isReducer: false, isGeneric: false),
      ]
    )
  }

  @Test func skipsCommentsAndStringLiterals() {
    let source = #"""
      // @Reducer struct InLineComment {}
      /* struct InBlock: Reducer { /* nested */ } */
      let text = "struct InString: Reducer {"
      let multiline = """
        @Reducer struct InMultiline { \(1 + (2)) }
        """
      let raw = #"struct InRaw: Reducer { "# + "\(#"x"#)"
      #if DEBUG
      @Reducer struct Real {}
      #endif
      """#
    #expect(
      ReducerScanner.declarations(in: source) == [
        Declaration(kind: .struct, qualifiedName: "Real", isReducer: true, isGeneric: false)
      ]
    )
  }
}
