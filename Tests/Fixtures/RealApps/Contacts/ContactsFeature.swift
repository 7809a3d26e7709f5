import ComposableArchitecture

/// The address book: the list of contacts, with a navigation stack of contact details and
/// settings pushed on top of it.
@Reducer
struct ContactsFeature {
  @Reducer
  enum Path {
    case detail(ContactDetail)
    case settings(Settings)
  }

  @ObservableState
  struct State: Equatable {
    var contacts: IdentifiedArrayOf<Contact> = []
    var display = Settings.State.Display()
    var path = StackState<Path.State>()

    /// The contacts in the order the list shows them.
    var sortedContacts: [Contact] {
      guard self.display.sortsByName else { return Array(self.contacts) }
      return self.contacts.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
  }

  enum Action {
    case addButtonTapped
    case contactTapped(id: Contact.ID)
    case path(StackActionOf<Path>)
    case settingsButtonTapped
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        let contact = Contact(id: self.uuid(), name: "")
        state.path.append(.detail(ContactDetail.State(contact: contact)))
        return .none

      case let .contactTapped(id):
        guard let contact = state.contacts[id: id] else { return .none }
        state.path.append(.detail(ContactDetail.State(contact: contact)))
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.deleteContact(id))))):
        state.contacts.remove(id: id)
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.saveContact(contact))))):
        // Saving a new contact adds it; saving an existing one replaces it in place.
        state.contacts[id: contact.id] = contact
        return .none

      case let .path(.element(id: _, action: .settings(.delegate(.displayChanged(display))))):
        state.display = display
        return .none

      case .path:
        return .none

      case .settingsButtonTapped:
        state.path.append(.settings(Settings.State(display: state.display)))
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension ContactsFeature.Path.State: Equatable {}
