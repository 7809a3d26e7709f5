/// The bookkeeping CustomDump keeps while dumping reference types: which objects were already
/// printed (to print `Type(↩︎)` for cycles and repeats), and the `#N` number of each object per
/// type name.
///
/// One tracker is shared by everything a single diff dumps, as in CustomDump, so numbering matches.
struct ObjectTracker {
  var idPerItem: [ObjectIdentifier: UInt] = [:]
  var occurrencePerType: [String: UInt] = [:]
  var visitedItems: Set<ObjectIdentifier> = []

  /// Set whenever the tracker is read or written; lets a dump tell whether its text could depend
  /// on (or change) the tracker's state.
  var wasConsulted = false

  /// Returns the `#N` number of `item` (assigning `occurrence` when it has none yet).
  mutating func id(for item: ObjectIdentifier, occurrence: UInt) -> UInt {
    self.wasConsulted = true
    let id = self.idPerItem[item, default: occurrence]
    self.idPerItem[item] = id
    return id
  }

  mutating func occurrence(of typeName: String) -> UInt {
    self.wasConsulted = true
    return self.occurrencePerType[typeName, default: 0]
  }

  mutating func setOccurrence(_ occurrence: UInt, of typeName: String) {
    self.wasConsulted = true
    self.occurrencePerType[typeName] = occurrence
  }

  mutating func hasVisited(_ item: ObjectIdentifier) -> Bool {
    self.wasConsulted = true
    return self.visitedItems.contains(item)
  }

  mutating func markVisited(_ item: ObjectIdentifier) {
    self.wasConsulted = true
    self.visitedItems.insert(item)
  }
}
