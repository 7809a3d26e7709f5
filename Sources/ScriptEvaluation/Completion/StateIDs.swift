import Foundation

/// The ids of the identified collections in a state, written as the script language reads them:
/// what TAB offers where an id is expected (`send(.row(id: ` …).
enum StateIDs {
  /// The ids of type `type` in `state`'s identified collections (nested up to a few levels,
  /// elements included), in state order, written as script literals.
  static package func ids(ofType type: Any.Type, in state: Any) -> [String] {
    var found: [String] = []
    self.collect(type, in: state, depth: 0, into: &found)
    var seen = Set<String>()
    return found.filter { seen.insert($0).inserted }
  }

  private static func collect(_ type: Any.Type, in value: Any, depth: Int, into found: inout [String]) {
    guard depth < 4 else { return }
    if let collection = value as? any _IdentifiedCollection {
      if Swift.type(of: collection).idType == type {
        found += collection._ids.compactMap(Self.literal)
      }
      for element in collection._elements.prefix(1_000) {
        self.collect(type, in: element, depth: depth + 1, into: &found)
      }
      return
    }
    for child in Mirror(reflecting: value).children {
      self.collect(type, in: child.value, depth: depth + 1, into: &found)
    }
  }

  /// `3`, `"a"`, or a UUID as `UUID(5)` (swift-dependencies' form, for the ids `.incrementing`
  /// makes) or as its quoted string.
  static func literal(_ id: Any) -> String? {
    switch id {
    case let int as Int: return String(int)
    case let string as String: return "\"" + string.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case let uuid as UUID:
      let text = uuid.uuidString
      if text.hasPrefix("00000000-0000-0000-0000-"), let value = Int(text.suffix(12), radix: 16) {
        return "UUID(\(value))"
      }
      return "\"" + text + "\""
    default: return nil
    }
  }
}
