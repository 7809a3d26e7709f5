import Foundation
import IdentifiedCollections
import Tagged

struct Team: Equatable, Identifiable {
  typealias ID = Tagged<Self, UUID>

  let id: ID
  var name: String
  var players: IdentifiedArrayOf<Player> = []
}

struct Player: Equatable, Identifiable {
  typealias ID = Tagged<Self, UUID>

  let id: ID
  var name: String
  var number: Int
}

enum JerseyNumberTag {}
typealias JerseyNumber = Tagged<JerseyNumberTag, Int>
