import ComposableArchitectureMacros
import MacroTesting
import TestSupport
import Testing

@Suite(.ownThreads, .macros(["ViewAction": ViewActionMacro.self], record: .never))
struct ViewActionMacroTests {
  @Test func addsTheConformance() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureScreen {
        let store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      struct FeatureScreen {
        let store: StoreOf<Feature>
      }

      extension FeatureScreen: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func leavesAnExplicitConformance() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureScreen: ViewActionSending {
        let store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      struct FeatureScreen: ViewActionSending {
        let store: StoreOf<Feature>
      }
      """
    }
  }

  @Test func warnsOfViewActionsSentThroughTheStore() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureScreen {
        let store: StoreOf<Feature>

        func tap() {
          store.send(.view(.tapped))
          self.store.send(.view(.longPressed(2)))
          store.send(.delegate(.done))
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureScreen {
        let store: StoreOf<Feature>

        func tap() {
          store.send(.view(.tapped))
          ┬─────────────────────────
          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
             ✏️ Use 'send'
          self.store.send(.view(.longPressed(2)))
          ┬──────────────────────────────────────
          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
             ✏️ Use 'send'
          store.send(.delegate(.done))
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureScreen {
        let store: StoreOf<Feature>

        func tap() {
          send(.tapped)
          send(.longPressed(2))
          store.send(.delegate(.done))
        }
      }
      """
    } expansion: {
      """
      struct FeatureScreen {
        let store: StoreOf<Feature>

        func tap() {
          send(.tapped)
          send(.longPressed(2))
          store.send(.delegate(.done))
        }
      }

      extension FeatureScreen: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }
}
