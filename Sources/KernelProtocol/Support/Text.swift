/// The few text helpers both ends of the wire need, without Foundation.
extension StringProtocol {
  /// The text without the blanks at either end: spaces (any Unicode space separator) and tabs,
  /// as Foundation's `.whitespaces` trims, and with `newlines` line breaks too, as
  /// `.whitespacesAndNewlines` does.
  public func trimmingBlanks(newlines: Bool = false) -> String {
    // Most inputs start and end with a printable ASCII character: nothing to trim, and no need
    // to walk the text by characters (which was most of the kernel's time spent here).
    let text = String(self)
    if let first = text.utf8.first, let last = text.utf8.last, Self.isPrintableASCII(first), Self.isPrintableASCII(last) {
      return text
    }
    return text.trimming { character in
      character.unicodeScalars.allSatisfy { scalar in
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator || (newlines && scalar.properties.isWhitespace)
      }
    }
  }

  /// Whether `byte` is an ASCII character other than a blank, a line break or a control.
  private static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F
  }

  /// The text without the characters at either end that `isTrimmed`.
  public func trimming(where isTrimmed: (Character) -> Bool) -> String {
    guard let first = self.firstIndex(where: { !isTrimmed($0) }), let last = self.lastIndex(where: { !isTrimmed($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
