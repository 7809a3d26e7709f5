import IdentifiedCollections

extension SeededGenerator {
  /// A copy of `document` with a few random edits, the way an action changes state.
  mutating func mutated(_ document: Document) -> Document {
    var document = document
    for _ in 0..<self.int(1...3) {
      switch self.int(0...13) {
      case 0: document.title = self.text()
      case 1: document.count += self.int(1...5)
      case 2: document.isPinned = self.pick([nil, true, false])
      case 3: document.status = self.status()
      case 4: self.edit(&document.tags) { $0.text(allowNewlines: false) }
      case 5, 6, 7: self.editItems(&document.items)
      case 8:
        let key = "k\(self.int(0...6))"
        document.counts[key] = self.chance(0.3) ? nil : self.int(0...9)
      case 9:
        let flag = self.int(0...20)
        if document.flags.contains(flag) {
          document.flags.remove(flag)
        } else {
          document.flags.insert(flag)
        }
      case 10: document.notes = self.editedLines(document.notes)
      case 11:
        if document.detail == nil || self.chance(0.3) {
          document.detail = self.chance(0.5) ? self.detail() : nil
        } else {
          self.edit(&document.detail!.values) { $0.int(0...9) }
        }
      case 12: self.edit(&document.history) { $0.status() }
      default: self.editLabels(&document.labels)
      }
    }
    return document
  }

  mutating func editItems(_ items: inout IdentifiedArrayOf<Item>) {
    switch self.int(0...4) {
    case 0:
      let id = (items.ids.max() ?? 0) + self.int(1...3)
      items.insert(self.item(id: id), at: self.int(0...items.count))
    case 1 where !items.isEmpty:
      items.remove(at: self.int(0...(items.count - 1)))
    case 2 where items.count > 1:
      let item = items.remove(at: self.int(0...(items.count - 1)))
      items.insert(item, at: self.int(0...items.count))
    case 3 where !items.isEmpty:
      let index = self.int(0...(items.count - 1))
      switch self.int(0...3) {
      case 0: items[index].name = self.text()
      case 1: items[index].isDone.toggle()
      case 2: self.edit(&items[index].scores) { $0.int(0...5) }
      default: items[index].detail = self.chance(0.5) ? self.detail() : nil
      }
    default:
      items = IdentifiedArray(uniqueElements: items.shuffled(using: &self))
    }
  }

  mutating func editLabels(_ labels: inout [Label]) {
    if self.chance(0.3) {
      // A large reordering, so matching switches to hashed equivalence codes.
      labels = (0..<self.int(20...40)).map { Label(id: $0, text: "label \($0 % 5)") }
      if self.chance(0.5) { labels.reverse() } else { labels.shuffle(using: &self) }
    } else {
      self.edit(&labels) { Label(id: $0.int(0...9), text: $0.text(allowNewlines: false)) }
    }
  }

  mutating func editedLines(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    self.edit(&lines) { $0.pick(["alpha", "beta", "new line", "", "\"quoted\""]) }
    return lines.joined(separator: "\n")
  }

  mutating func mutated(_ loose: Loose) -> Loose {
    var loose = loose
    switch self.int(0...4) {
    case 0: loose.number += 1
    case 1: loose.pair.1 = self.text()
    case 2: self.edit(&loose.entries) { $0.looseEntry(id: $0.int(0...9)) }
    case 3: loose.maybe = self.chance(0.5) ? self.looseEntry(id: self.int(0...99)) : nil
    default: self.edit(&loose.mixed) { $0.pick([3, "two", Detail(name: "e", values: [])] as [Any]) }
    }
    return loose
  }
}
