import ComposableArchitecture

/// A person in the address book.
struct Contact: Equatable, Identifiable, Sendable {
  let id: UUID
  var name: String
  var phoneNumber: String?
  var kind: Kind = .personal

  /// How the user knows the contact.
  enum Kind: Equatable, Sendable {
    case personal
    case work(company: String, title: String?)
    case family(relation: String)
  }
}

extension Contact {
  /// The line a list shows under the name.
  var subtitle: String? {
    switch self.kind {
    case .personal:
      return self.phoneNumber
    case let .work(company, title):
      return [title, company].compactMap { $0 }.joined(separator: ", ")
    case let .family(relation):
      return relation.capitalized
    }
  }
}
