import Foundation

struct Book: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var author: String
  var year: Int
}

extension Book {
  static let mock: [Book] = [
    Book(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969),
    Book(id: 2, title: "The Dispossessed", author: "Ursula K. Le Guin", year: 1974),
    Book(id: 3, title: "Kindred", author: "Octavia E. Butler", year: 1979),
  ]
}
