import ComposableArchitecture
import TestSupport
import Testing

@MainActor
@Suite struct BindingTests {
  @Test func setSendsAndReducesObservableStateFields() async {
    let store = TestStore(initialState: ObservableSettings.State()) { ObservableSettings() }
    await store.send(.binding(.set(\.displayName, "Blob"))) {
      $0.displayName = "Blob"
      $0.nameChanges = 1
    }
    await store.send(.binding(.set(\.enableNotifications, true))) {
      $0.enableNotifications = true
    }
    await store.send(.set(\.displayName, "Blob Junior Senior")) {
      $0.displayName = "Blob Jun"
      $0.nameChanges = 2
    }
  }

  @Test func sendThroughBindingCaseKeyPath() async {
    let store = TestStore(initialState: ObservableSettings.State()) { ObservableSettings() }
    await store.send(\.binding.displayName, "Blob") {
      $0.displayName = "Blob"
      $0.nameChanges = 1
    }
    await store.send(\.binding.enableNotifications, true) {
      $0.enableNotifications = true
    }
  }

  @Test func bindingStateFieldsIn0xStyle() async {
    let store = TestStore(initialState: LegacySettings.State()) { LegacySettings() }
    await store.send(.binding(.set(\.$displayName, "Blob"))) {
      $0.displayName = "Blob"
      $0.nameChanges = 1
    }
    await store.send(.set(\.$nested.field, "Hello")) {
      $0.nested.field = "Hello"
    }
    await store.send(\.binding.$displayName, "Blob Jr") {
      $0.displayName = "Blob Jr"
      $0.nameChanges = 2
    }
  }

  @Test func bindingThroughViewAction() async {
    let store = TestStore(initialState: ViewActionSettings.State()) { ViewActionSettings() }
    await store.send(.view(.binding(.set(\.query, "tca")))) {
      $0.query = "tca"
    }
    await store.send(\.view.binding.query, "swift") {
      $0.query = "swift"
    }
  }

  @Test func bindingActionsCompareByKeyPathAndValue() {
    typealias Action = BindingAction<ObservableSettings.State>
    #expect(Action.set(\.displayName, "Blob") == Action.set(\.displayName, "Blob"))
    #expect(Action.set(\.displayName, "Blob") != Action.set(\.displayName, "Blob Jr"))
    #expect(Action.set(\.displayName, "") != Action.set(\.enableNotifications, false))
    #expect(Action.set(\.displayName, "Blob").keyPath == \ObservableSettings.State.displayName)
    #expect(
      AnyCasePath(\Action.Cases.displayName).extract(from: .set(\.displayName, "Blob")) == "Blob"
    )
  }

  @Test func bindingActionPullsBackToLargerState() {
    struct Parent: Equatable { var settings = ObservableSettings.State() }
    let action = BindingAction<ObservableSettings.State>.set(\.displayName, "Blob")
      .pullback(\Parent.settings)
    var parent = Parent()
    action.set(&parent)
    #expect(parent.settings.displayName == "Blob")
    #expect(action.keyPath == \Parent.settings.displayName)
  }

  @Test func mismatchedBindingAssertionReportsDiff() async {
    await expectIssue(
      """
      A state change does not match expectation.

            ObservableSettings.State(
          −   displayName: "Blob",
          +   displayName: "Blob Jun",
              enableNotifications: false,
              nameChanges: 1
            )

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: ObservableSettings.State()) { ObservableSettings() }
      await store.send(\.binding.displayName, "Blob Junior") {
        $0.displayName = "Blob"
        $0.nameChanges = 1
      }
    }
  }

  @Test func bindingStateAssertionMissingAChangeReportsDiff() async {
    await expectIssue(
      """
      A state change does not match expectation.

            LegacySettings.State(
              _displayName: "Blob",
              _nested: LegacySettings.State.Nested(field: ""),
          −   nameChanges: 0
          +   nameChanges: 1
            )

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: LegacySettings.State()) { LegacySettings() }
      await store.send(\.binding.$displayName, "Blob") {
        $0.displayName = "Blob"
      }
    }
  }

  @Test func bindingThroughViewActionWithoutAssertionReportsChange() async {
    await expectIssue(
      """
      State was not expected to change, but a change occurred.

          − ViewActionSettings.State(query: "")
          + ViewActionSettings.State(query: "swift")

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: ViewActionSettings.State()) { ViewActionSettings() }
      await store.send(\.view.binding.query, "swift")
    }
  }

  @Test func bindingThatChangesNothingWithAnAssertionFails() async {
    await expectIssue(
      """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """
    ) {
      let store = TestStore(initialState: ObservableSettings.State()) { ObservableSettings() }
      await store.send(\.binding.enableNotifications, false) {
        $0.enableNotifications = false
      }
    }
  }

  @Test func receiveBindingThroughCaseKeyPathAndValue() async {
    let store = TestStore(initialState: ObservableSettings.State(displayName: "Blob")) {
      ObservableSettings()
      Reduce { _, action in
        action == .resetButtonTapped ? .send(.set(\.displayName, "Blob Junior")) : .none
      }
    }
    await store.send(.resetButtonTapped) {
      $0.displayName = ""
    }
    await store.receive(\.binding.displayName, "Blob Junior") {
      $0.displayName = "Blob Jun"
      $0.nameChanges = 1
    }
  }

  @Test func receiveBindingWithAnotherValueFails() async {
    await expectIssue(
      """
      Received unexpected action:

        \u{2007} ObservableSettings.Action.binding(
        \u{2007}   .set(
        \u{2007}     \\State.displayName,
        −     "Blob"
        +     "Blob Junior"
        \u{2007}   )
        \u{2007} )

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: ObservableSettings.State()) {
        ObservableSettings()
        Reduce { _, action in
          action == .resetButtonTapped ? .send(.set(\.displayName, "Blob Junior")) : .none
        }
      }
      await store.send(.resetButtonTapped)
      await store.receive(\.binding.displayName, "Blob", timeout: .zero) {
        $0.displayName = "Blob Jun"
        $0.nameChanges = 1
      }
    }
  }

  @Test func receivedBindingActionDumpsAsSet() async {
    await expectIssue(
      """
      The store received 1 unexpected action.

        Unhandled actions:
          .binding

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """
    ) {
      let store = TestStore(initialState: ObservableSettings.State()) {
        ObservableSettings()
        Reduce { _, action in
          action == .resetButtonTapped ? .send(.set(\.displayName, "Blob")) : .none
        }
      }
      await store.send(.resetButtonTapped)
    }
  }
}
