import ComposableArchitecture

/// Shows one contact and edits it. The list that pushed it saves or deletes the contact when it
/// hears about it through a delegate action.
@Reducer
struct ContactDetail {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    /// The contact as it was when the screen opened.
    let contact: Contact
    var kind: Contact.Kind
    var name: String
    var phoneNumber: String
    var validationMessage: String?

    init(contact: Contact) {
      self.contact = contact
      self.kind = contact.kind
      self.name = contact.name
      self.phoneNumber = contact.phoneNumber ?? ""
    }

    var hasChanges: Bool {
      self.edited != self.contact
    }

    /// The contact with the edits applied.
    var edited: Contact {
      var contact = self.contact
      contact.name = self.name.trimmingCharacters(in: .whitespaces)
      contact.phoneNumber = normalizedPhoneNumber(self.phoneNumber)
      contact.kind = self.kind
      return contact
    }
  }

  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)
    case deleteButtonTapped
    case kindChanged(Contact.Kind)
    case nameChanged(String)
    case phoneNumberChanged(String)
    case saveButtonTapped

    @CasePathable
    enum Alert: Equatable {
      case confirmDelete
    }

    @CasePathable
    enum Delegate: Equatable {
      case deleteContact(id: Contact.ID)
      case saveContact(Contact)
    }
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDelete)):
        return .run { [id = state.contact.id] send in
          await send(.delegate(.deleteContact(id: id)))
          await self.dismiss()
        }

      case .alert:
        return .none

      case .delegate:
        return .none

      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete \(state.contact.name)?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDelete) {
            TextState("Delete")
          }
        }
        return .none

      case let .kindChanged(kind):
        state.kind = kind
        return .none

      case let .nameChanged(name):
        state.name = name
        state.validationMessage = nil
        return .none

      case let .phoneNumberChanged(phoneNumber):
        state.phoneNumber = phoneNumber
        return .none

      case .saveButtonTapped:
        let contact = state.edited
        guard !contact.name.isEmpty else {
          state.validationMessage = "A contact needs a name."
          return .none
        }
        return .run { send in
          await send(.delegate(.saveContact(contact)))
          await self.dismiss()
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

/// Digits and a leading "+" only, or `nil` for a number that has no digits at all.
private func normalizedPhoneNumber(_ text: String) -> String? {
  let trimmed = text.trimmingCharacters(in: .whitespaces)
  let digits = trimmed.filter(\.isNumber)
  guard !digits.isEmpty else { return nil }
  return trimmed.hasPrefix("+") ? "+" + digits : digits
}
