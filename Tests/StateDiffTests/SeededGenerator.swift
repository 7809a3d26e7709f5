/// A small deterministic random number generator (SplitMix64), so every run generates the same
/// cases and a failing case can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var z = self.state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  mutating func pick<T>(_ options: [T]) -> T {
    options[Int.random(in: 0..<options.count, using: &self)]
  }

  /// A short string drawn from fragments that exercise quoting, raw-string delimiters,
  /// newlines (including `"\r\n"`), non-ASCII text, combining marks, and the characters
  /// `debugDescription` escapes (a quote, a tab, controls).
  mutating func text(allowNewlines: Bool = true) -> String {
    let fragments = [
      "a", "b", "item", "Hello", "x y", "é", "日本", "🙂", "\"", "#", "\"#", "\\", "\"\"\"",
      "\"\"\"#", "e\u{301}", "", "it's", "\t", "\u{7F}", "\u{0}", "~|",
    ]
    let newlineFragments = ["\n", "\n", "\r\n", "\n\n", "line\nline"]
    var result = ""
    for _ in 0..<self.int(0...4) {
      if allowNewlines, self.chance(0.2) {
        result += self.pick(newlineFragments)
      } else {
        result += self.pick(fragments)
      }
    }
    return result
  }

  /// Lines of text joined by newlines.
  mutating func multilineText() -> String {
    (0..<self.int(0...6)).map { _ in self.pick(["alpha", "beta", "gamma", "", "delta \"x\""]) }
      .joined(separator: "\n")
  }

  /// Applies one random edit (insert, remove, move, or replace) to an array.
  mutating func edit<T>(_ array: inout [T], make: (inout SeededGenerator) -> T) {
    switch self.int(0...3) {
    case 0:
      array.insert(make(&self), at: self.int(0...array.count))
    case 1 where !array.isEmpty:
      array.remove(at: self.int(0...(array.count - 1)))
    case 2 where array.count > 1:
      let element = array.remove(at: self.int(0...(array.count - 1)))
      array.insert(element, at: self.int(0...array.count))
    default:
      if array.isEmpty {
        array.append(make(&self))
      } else {
        array[self.int(0...(array.count - 1))] = make(&self)
      }
    }
  }
}
