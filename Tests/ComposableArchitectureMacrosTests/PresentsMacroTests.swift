import ComposableArchitectureMacros
import MacroTesting
import TestSupport
import Testing

@Suite(.ownThreads, .macros(["Presents": PresentsMacro.self], record: .never))
struct PresentsMacroTests {
  @Test func presents() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      """
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _destination.wrappedValue
          }
          set {
            _destination.wrappedValue = newValue
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _destination.projectedValue
          }
          set {
            _destination.projectedValue = newValue
          }
        }

        @ObservationStateIgnored
        private var _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
      }
      """
    }
  }

  @Test func publicPresentsWithInitialValue() {
    assertMacro {
      """
      public struct State {
        @Presents public var alert: AlertState<Action.Alert>? = nil
      }
      """
    } expansion: {
      """
      public struct State {
        public var alert: AlertState<Action.Alert>? {
          @storageRestrictions(initializes: _alert)
          init(initialValue) {
            _alert = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _alert.wrappedValue
          }
          set {
            _alert.wrappedValue = newValue
          }
        }

        public var $alert: ComposableArchitecture.PresentationState<AlertState<Action.Alert>> {
          get {
            _alert.projectedValue
          }
          set {
            _alert.projectedValue = newValue
          }
        }

        @ObservationStateIgnored
        private var _alert = ComposableArchitecture.PresentationState<AlertState<Action.Alert>>(wrappedValue: nil)
      }
      """
    }
  }

  @Test func nonOptionalIsAnError() {
    assertMacro {
      """
      struct State {
        @Presents var child: Child.State
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var child: Child.State
                      ┬─────────────────
                      ╰─ 🛑 '@Presents' requires an explicit optional type, like 'var child: Child.State?'
      }
      """
    }
  }

  @Test func letIsAnError() {
    assertMacro {
      """
      struct State {
        @Presents let child: Child.State?
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents let child: Child.State?
        ┬────────
        ╰─ 🛑 '@Presents' can only be applied to a stored 'var' property
      }
      """
    }
  }
}
