import Foundation

/// Text helpers that reproduce CustomDump's string handling exactly.
///
/// CustomDump indents with Foundation's `replacingOccurrences(of: "\n", with:)` and tests text with
/// Foundation's `contains(_:)`. Both match by grapheme (a line feed inside `"\r\n"` matches, one
/// followed by a combining mark does not), so these helpers call the same Foundation functions,
/// and only skip them when a byte scan proves there is nothing to find.
extension String {
  /// Whether the string's UTF-8 contains a line feed byte (a fast, conservative pre-check).
  var containsLineFeed: Bool {
    self.utf8.withContiguousStorageIfAvailable { $0.contains(0x0A) } ?? self.utf8.contains(0x0A)
  }

  /// Foundation's `contains("\n")`, as CustomDump's dump code tests text.
  var containsLineFeedAsFoundationDoes: Bool {
    self.containsLineFeed && self.contains("\n" as String)
  }

  /// Whether the string has a `"\n"` *character*. CustomDump's test for multi-line custom
  /// descriptions is compiled without Foundation, and so tests this.
  var containsLineFeedCharacter: Bool {
    self.containsLineFeed && self.contains("\n" as Character)
  }

  /// Whether any character of the string is a newline (`Character.isNewline`), the test CustomDump
  /// uses to decide that a string is multi-line.
  var containsNewlineCharacter: Bool {
    // ASCII text without a line feed, vertical tab, form feed or carriage return has none (the
    // other newlines are not ASCII); anything else is asked character by character.
    let isPlainASCII = self.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 >= 0x80 || (0x0A...0x0D).contains($0) }
    }
    if isPlainASCII == true { return false }
    return self.contains(where: \.isNewline)
  }

  /// Whether Foundation finds a quote or a backslash in the string (so that it prints as a raw
  /// string literal).
  var needsRawStringDelimiters: Bool {
    let utf8 = self.utf8
    return (utf8.contains(0x22) && self.contains("\"" as String))
      || (utf8.contains(0x5C) && self.contains("\\" as String))
  }

  /// `debugDescription`, without its scalar-by-scalar escaping when every byte is printable
  /// ASCII that it doesn't escape (anything but `"`, `'` and `\`).
  var quotedForDump: String {
    let isPlainASCII = self.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 < 0x20 || $0 > 0x7E || $0 == 0x22 || $0 == 0x27 || $0 == 0x5C }
    }
    return isPlainASCII == true ? "\"" + self + "\"" : self.debugDescription
  }

  /// The string with `prefix` at its start and after every line feed.
  func prefixingLines(with prefix: String) -> String {
    guard !prefix.isEmpty else { return self }
    return prefix + self.insertingAfterLineFeeds(prefix)
  }

  /// The string with `count` spaces at its start and after every line feed.
  func indentingLines(by count: Int) -> String {
    self.prefixingLines(with: String(repeating: " ", count: count))
  }

  /// The string with `text` inserted after every line feed that Foundation's
  /// `replacingOccurrences(of: "\n", with:)` matches.
  ///
  /// Foundation matches every line feed that ends the string or is followed by an ASCII
  /// character; only when some line feed is followed by another character is it asked.
  func insertingAfterLineFeeds(_ text: String) -> String {
    guard !text.isEmpty, self.containsLineFeed else { return self }
    if let inserted = self.insertingAfterLineFeedsByBytes(text) { return inserted }
    let utf8 = self.utf8
    var insertionPoints: [String.Index] = []
    var index = utf8.startIndex
    while let lineFeed = utf8[index...].firstIndex(of: 0x0A) {
      let next = utf8.index(after: lineFeed)
      if next != utf8.endIndex, utf8[next] >= 0x80 {
        return self.replacingOccurrences(of: "\n", with: "\n" + text)
      }
      insertionPoints.append(next)
      index = next
    }
    guard !insertionPoints.isEmpty else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + insertionPoints.count * text.utf8.count)
    var start = utf8.startIndex
    for point in insertionPoints {
      result.append(contentsOf: Substring(utf8[start..<point]))
      result.append(text)
      start = point
    }
    result.append(contentsOf: Substring(utf8[start...]))
    return result
  }

  /// The same, copying bytes, when the text is contiguous UTF-8 and no line feed is followed by
  /// a non-ASCII byte; `nil` otherwise.
  private func insertingAfterLineFeedsByBytes(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { insertion in
      self.utf8.withContiguousStorageIfAvailable { bytes -> String? in
        var lineFeeds = 0
        for index in bytes.indices where bytes[index] == 0x0A {
          if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
          lineFeeds += 1
        }
        let capacity = bytes.count + lineFeeds * insertion.count
        return String(unsafeUninitializedCapacity: capacity) { output in
          var written = 0
          for byte in bytes {
            output[written] = byte
            written += 1
            if byte == 0x0A {
              for insertedByte in insertion {
                output[written] = insertedByte
                written += 1
              }
            }
          }
          return written
        }
      } ?? nil
    }
  }

  /// Appends `text` with `prefix` at its start and after every line feed.
  mutating func appendPrefixingLines(_ text: String, with prefix: String) {
    self.append(prefix)
    self.append(text.insertingAfterLineFeeds(prefix))
  }

  /// The number of `#` delimiters a raw string literal of this text needs, counted the way
  /// CustomDump counts them: the longest run of `#` after a quote (after `"""` when `isMultiline`),
  /// plus one. Quotes are found by code point, as CustomDump's regular expression finds them.
  func rawStringHashCount(isMultiline: Bool) -> Int {
    let quoteLength = isMultiline ? 3 : 1
    let bytes = Array(self.utf8)
    var hashCount = 0
    var index = 0
    while index + quoteLength <= bytes.count {
      guard bytes[index..<(index + quoteLength)].allSatisfy({ $0 == 0x22 }) else {
        index += 1
        continue
      }
      var end = index + quoteLength
      while end < bytes.count, bytes[end] == 0x23 { end += 1 }
      hashCount = Swift.max(hashCount, end - index - (isMultiline ? 2 : 0))
      index = end
    }
    return hashCount
  }
}

/// A growing text that indents what is written into it: every line feed written is followed by
/// the current line prefix, the way CustomDump's nested `indenting(by:)` calls compose.
///
/// CustomDump indents whole texts, and Foundation does not match a line feed that a combining
/// mark follows. A text written here in pieces can end with a line feed whose follower is not yet
/// known, so the prefix inserted after it is taken back if the next piece starts with such a
/// mark.
struct TextWriter {
  var text = ""
  private(set) var linePrefix = ""
  private var trailingPrefixLength = 0

  mutating func write(_ string: String) {
    guard !string.isEmpty else { return }
    if self.trailingPrefixLength > 0, string.absorbsPrecedingLineFeed {
      self.text.removeLast(utf8Count: self.trailingPrefixLength)
    }
    self.trailingPrefixLength = 0
    // A line's text, and a line's end, without a new string made to insert the prefix (each
    // line of a reordering's dumps would end in one; speed: docs/benchmarks-log.md, "Large states and reorderings").
    if self.linePrefix.isEmpty || !string.containsLineFeed {
      self.text.append(string)
      return
    }
    if string.utf8.count == 1 {
      self.text.append(string)
      self.text.append(self.linePrefix)
      self.trailingPrefixLength = self.linePrefix.utf8.count
      return
    }
    self.text.append(string.insertingAfterLineFeeds(self.linePrefix))
    if string.utf8.last == 0x0A {
      self.trailingPrefixLength = self.linePrefix.utf8.count
    }
  }

  /// Writes `prefix` now and adds it to the line prefix while `body` writes.
  mutating func prefixed(with prefix: String, _ body: (inout TextWriter) -> Void) {
    guard !prefix.isEmpty else { return body(&self) }
    let saved = self.linePrefix
    self.write(prefix)
    self.linePrefix += prefix
    body(&self)
    self.linePrefix = saved
  }

  /// Writes `count` spaces now and indents by them while `body` writes.
  mutating func indented(by count: Int, _ body: (inout TextWriter) -> Void) {
    self.prefixed(with: spaces(count), body)
  }
}

extension String {
  /// Whether Foundation would not match a line feed placed right before this text (as when it
  /// starts with a combining mark).
  fileprivate var absorbsPrecedingLineFeed: Bool {
    guard let first = self.utf8.first, first >= 0x80 else { return false }
    let probe = "\n" + String(String.UnicodeScalarView(self.unicodeScalars.prefix(8)))
    return !probe.replacingOccurrences(of: "\n", with: "\n#").hasPrefix("\n#")
  }

  /// Removes the last `count` UTF-8 bytes, which must end on a scalar boundary.
  fileprivate mutating func removeLast(utf8Count count: Int) {
    let start = self.utf8.index(self.utf8.endIndex, offsetBy: -count)
    self.removeSubrange(start..<self.endIndex)
  }
}

/// A string of `count` spaces.
func spaces(_ count: Int) -> String {
  count < cachedSpaces.count ? cachedSpaces[count] : String(repeating: " ", count: count)
}

private let cachedSpaces = (0..<64).map { String(repeating: " ", count: $0) }
