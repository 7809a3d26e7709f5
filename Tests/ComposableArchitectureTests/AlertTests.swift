@_spi(Hosting) import ComposableArchitecture
import Foundation
import Testing
import TestSupport

@MainActor
@Suite struct AlertTests {
  @Test func alertNilsItselfAfterAnAction() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.deleteButtonTapped) {
      $0.alert = .deletion
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.isDeleted = true
    }
  }

  @Test func alertNilsItselfOnDismiss() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.deleteButtonTapped) {
      $0.alert = .deletion
    }
    #expect(store._inFlightEffectCount == 0)
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func alertActionWithoutAlertWarns() async {
    await expectIssue(
      """
      An "ifLet" at "ComposableArchitectureTests/PresentationFeatures.swift:89" received a \
      presentation action when destination state was absent.

        Action:
          Presenter.Action.alert(.presented(.confirmDeletion))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set destination state to "nil" before this reducer ran. This reducer \
      must run before any other reducer sets destination state to "nil". This ensures that \
      destination reducers can handle their actions while their state is still present.

      This action was sent to the store while destination state was "nil". Make sure that \
      actions for this reducer can only be sent from a store when state is present, or from \
      effects that start from this reducer.
      """
    ) {
      let store = TestStore(initialState: Presenter.State()) { Presenter() }
      await store.send(.alert(.presented(.confirmDeletion))) {
        $0.isDeleted = true
      }
    }
  }

  @Test func confirmationDialogNilsItselfAfterAnAction() async {
    let store = TestStore(initialState: Sharer.State()) { Sharer() }
    await store.send(.shareButtonTapped) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Share")
      } actions: {
        ButtonState(action: .copyLink) { TextState("Copy link") }
      }
    }
    await store.send(.dialog(.presented(.copyLink))) {
      $0.dialog = nil
      $0.copied = 1
    }
  }

  @Test func alertStateEqualityIgnoresIdentifiers() {
    let alert = AlertState<Presenter.Action.Alert>.deletion
    let same = AlertState<Presenter.Action.Alert> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("This cannot be undone.")
    }
    #expect(alert == same)
    #expect(alert.id != same.id)
    #expect(alert.hashValue == same.hashValue)
    #expect(alert != AlertState { TextState("Delete?") })
  }

  @Test func buttonStateBuilderSupportsConditionsAndLoops() {
    for canDelete in [true, false] {
      let alert = AlertState<Int> {
        TextState("Pick")
      } actions: {
        for number in 1...2 {
          ButtonState(action: number) { TextState("\(number)") }
        }
        if canDelete {
          ButtonState(role: .destructive, action: 0) { TextState("Delete") }
        } else {
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
      }
      #expect(alert.buttons.map(\.label.string) == ["1", "2", canDelete ? "Delete" : "Cancel"])
      #expect(alert.buttons.map(\.action.action) == [1, 2, canDelete ? 0 : nil])
      #expect(alert.message == nil)
    }
  }

  @Test func alertDumpsLikeSwiftNavigation() {
    #expect(
      String(customDumping: AlertState<Presenter.Action.Alert>.deletion) == """
        AlertState(
          title: "Delete?",
          actions: [
            [0]: ButtonState(
              role: .destructive,
              action: .send(.confirmDeletion),
              label: "Delete"
            ),
            [1]: ButtonState(
              role: .cancel,
              action: .send(nil),
              label: "Cancel"
            )
          ],
          message: "This cannot be undone."
        )
        """
    )
    #expect(String(customDumping: TextState("Hello") + TextState(", world")) == #""Hello, world""#)
  }

  @Test func confirmationDialogDumpsAndCompares() {
    let dialog = ConfirmationDialogState<Int>(titleVisibility: .visible) {
      TextState("Share")
    } actions: {
      ButtonState(action: 1) { TextState("Copy link") }
    }
    #expect(
      String(customDumping: dialog) == """
        ConfirmationDialogState(
          titleVisibility: .visible,
          title: "Share",
          actions: [
            [0]: ButtonState(
              action: .send(1),
              label: "Copy link"
            )
          ]
        )
        """
    )
    #expect(dialog != ConfirmationDialogState { TextState("Share") } actions: {
      ButtonState(action: 1) { TextState("Copy link") }
    })
  }
}
