import ComposableArchitecture
import Foundation
import Testing

@testable import ContactsApp

@MainActor
struct ContactsTests {
  let blob = Contact(
    id: UUID(100), name: "Blob", phoneNumber: "555-0100",
    kind: .work(company: "Point-Free", title: "Engineer")
  )

  @Test func tappingAContactPushesItsDetail() async {
    let store = TestStore(initialState: ContactsFeature.State(contacts: [self.blob])) {
      ContactsFeature()
    }

    await store.send(.contactTapped(id: self.blob.id)) {
      $0.path[id: 0] = .detail(ContactDetail.State(contact: self.blob))
    }
  }

  @Test func pushingDetailThroughTheStack() async {
    let store = TestStore(initialState: ContactsFeature.State(contacts: [self.blob])) {
      ContactsFeature()
    }

    await store.send(\.path.push, (id: 0, .detail(ContactDetail.State(contact: self.blob)))) {
      $0.path[id: 0] = .detail(ContactDetail.State(contact: self.blob))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
  }

  @Test func editingAContactSavesItAndPops() async {
    let store = TestStore(
      initialState: ContactsFeature.State(
        contacts: [self.blob],
        path: StackState([.detail(ContactDetail.State(contact: self.blob))])
      )
    ) {
      ContactsFeature()
    }

    await store.send(\.path[id: 0].detail.nameChanged, "Blob Jr.") {
      $0.path[id: 0, case: \.detail]?.name = "Blob Jr."
    }
    await store.send(\.path[id: 0].detail.phoneNumberChanged, "+1 555 0101") {
      $0.path[id: 0, case: \.detail]?.phoneNumber = "+1 555 0101"
    }
    await store.send(\.path[id: 0].detail.kindChanged, .family(relation: "son")) {
      $0.path[id: 0, case: \.detail]?.kind = .family(relation: "son")
    }
    await store.send(\.path[id: 0].detail.saveButtonTapped)
    await store.receive(\.path[id: 0].detail.delegate.saveContact) {
      $0.contacts[id: self.blob.id]?.name = "Blob Jr."
      $0.contacts[id: self.blob.id]?.phoneNumber = "+15550101"
      $0.contacts[id: self.blob.id]?.kind = .family(relation: "son")
    }
    await store.receive(\.path.popFrom) {
      $0.path[id: 0] = nil
    }
    #expect(store.state.contacts[id: self.blob.id]?.subtitle == "Son")
    await store.finish()
  }

  @Test func addingAContact() async {
    let store = TestStore(initialState: ContactsFeature.State(contacts: [self.blob])) {
      ContactsFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.send(.addButtonTapped) {
      $0.path[id: 0] = .detail(ContactDetail.State(contact: Contact(id: UUID(0), name: "")))
    }
    await store.send(\.path[id: 0].detail.nameChanged, "Alice") {
      $0.path[id: 0, case: \.detail]?.name = "Alice"
    }
    await store.send(\.path[id: 0].detail.saveButtonTapped)
    await store.receive(\.path[id: 0].detail.delegate.saveContact) {
      $0.contacts.append(Contact(id: UUID(0), name: "Alice"))
    }
    await store.receive(\.path.popFrom) {
      $0.path = StackState()
    }
    #expect(store.state.sortedContacts.map(\.name) == ["Alice", "Blob"])
    await store.finish()
  }

  @Test func savingWithoutANameAsksForOne() async {
    let store = TestStore(
      initialState: ContactsFeature.State(
        path: StackState([.detail(ContactDetail.State(contact: Contact(id: UUID(0), name: "")))])
      )
    ) {
      ContactsFeature()
    }

    await store.send(\.path[id: 0].detail.nameChanged, "   ") {
      $0.path[id: 0, case: \.detail]?.name = "   "
    }
    await store.send(\.path[id: 0].detail.saveButtonTapped) {
      $0.path[id: 0, case: \.detail]?.validationMessage = "A contact needs a name."
    }
    await store.send(\.path[id: 0].detail.nameChanged, "Alice") {
      $0.path[id: 0, case: \.detail]?.name = "Alice"
      $0.path[id: 0, case: \.detail]?.validationMessage = nil
    }
  }

  @Test func deletingAContactAsksFirst() async {
    let store = TestStore(
      initialState: ContactsFeature.State(
        contacts: [self.blob],
        path: StackState([.detail(ContactDetail.State(contact: self.blob))])
      )
    ) {
      ContactsFeature()
    }

    await store.send(\.path[id: 0].detail.deleteButtonTapped) {
      $0.path[id: 0, case: \.detail]?.alert = AlertState {
        TextState("Delete Blob?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDelete) {
          TextState("Delete")
        }
      }
    }
    await store.send(\.path[id: 0].detail.alert.confirmDelete) {
      $0.path[id: 0, case: \.detail]?.alert = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.deleteContact, self.blob.id) {
      $0.contacts = []
    }
    await store.receive(\.path.popFrom) {
      $0.path[id: 0] = nil
    }
    await store.finish()
  }

  @Test func settingsChangeTheList() async {
    let store = TestStore(initialState: ContactsFeature.State(contacts: [self.blob])) {
      ContactsFeature()
    }

    await store.send(.settingsButtonTapped) {
      $0.path[id: 0] = .settings(Settings.State())
    }
    await store.send(\.path[id: 0].settings.sortsByNameToggled) {
      $0.path[id: 0, case: \.settings]?.display.sortsByName = false
    }
    await store.receive(\.path[id: 0].settings.delegate.displayChanged) {
      $0.display.sortsByName = false
    }
    await store.send(\.path[id: 0].settings.showsPhoneNumbersToggled) {
      $0.path[id: 0, case: \.settings]?.display.showsPhoneNumbers = false
    }
    await store.receive(\.path[id: 0].settings.delegate.displayChanged) {
      $0.display.showsPhoneNumbers = false
    }
    await store.finish()
  }

  @Test func syncingTakesTwoSeconds() async {
    let clock = TestClock()
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(
      initialState: ContactsFeature.State(path: StackState([.settings(Settings.State())]))
    ) {
      ContactsFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = now
    }

    await store.send(\.path[id: 0].settings.syncButtonTapped) {
      $0.path[id: 0, case: \.settings]?.isSyncing = true
    }
    await store.send(\.path[id: 0].settings.syncButtonTapped)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].settings.syncFinished) {
      $0.path[id: 0, case: \.settings]?.isSyncing = false
      $0.path[id: 0, case: \.settings]?.lastSyncedAt = now
    }
    await store.finish()
  }

  @Test func leavingSettingsCancelsTheSync() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: ContactsFeature.State(path: StackState([.settings(Settings.State())]))
    ) {
      ContactsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(\.path[id: 0].settings.syncButtonTapped) {
      $0.path[id: 0, case: \.settings]?.isSyncing = true
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func detailOnItsOwnDismissesAfterSaving() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: ContactDetail.State(contact: self.blob)) {
      ContactDetail()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }

    await store.send(.phoneNumberChanged("")) {
      $0.phoneNumber = ""
    }
    #expect(store.state.hasChanges)
    var saved = self.blob
    saved.phoneNumber = nil
    await store.send(.saveButtonTapped)
    await store.receive(.delegate(.saveContact(saved)))
    await store.finish()
    #expect(dismissed.value)
  }
}
