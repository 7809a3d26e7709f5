import ComposableArchitectureMacros
import MacroTesting
import TestSupport
import Testing

@Suite(
  .ownThreads,
  .macros(
    [
      "ObservableState": ObservableStateMacro.self,
      "ObservationStateIgnored": ObservationStateIgnoredMacro.self,
      "Presents": PresentsMacro.self,
    ],
    record: .never
  )
)
struct ObservableStateMacroTests {
  @Test func observableStateAddsOnlyTheConformance() {
    assertMacro {
      """
      @ObservableState
      struct State: Equatable {
        var count = 0
        @ObservationStateIgnored var cache: [Int] = []
        @Presents var child: Child.State?
      }
      """
    } expansion: {
      """
      struct State: Equatable {
        var count = 0
        var cache: [Int] = []
        var child: Child.State? {
          @storageRestrictions(initializes: _child)
          init(initialValue) {
            _child = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _child.wrappedValue
          }
          set {
            _child.wrappedValue = newValue
          }
        }

        var $child: ComposableArchitecture.PresentationState<Child.State> {
          get {
            _child.projectedValue
          }
          set {
            _child.projectedValue = newValue
          }
        }
        private var _child = ComposableArchitecture.PresentationState<Child.State>(wrappedValue: nil)
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """
    }
  }

  @Test func alreadyConforming() {
    assertMacro {
      """
      @ObservableState
      struct State: ObservableState {
        var count = 0
      }
      """
    } expansion: {
      """
      struct State: ObservableState {
        var count = 0
      }
      """
    }
  }
}
