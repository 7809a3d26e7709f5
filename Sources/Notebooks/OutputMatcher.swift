/// Compares actual output with recorded output, with trycmd-style wildcards: a recorded line
/// `...` matches any number of lines, and `[..]` within a line matches any text.
public enum OutputMatcher {
  public static func matches(actual: String, recorded: String) -> Bool {
    let actualLines = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let recordedLines = recorded.isEmpty ? [] : recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return match(actualLines[...], recordedLines[...])
  }

  private static func match(_ actual: ArraySlice<String>, _ recorded: ArraySlice<String>) -> Bool {
    guard let pattern = recorded.first else { return actual.isEmpty }
    if pattern == "..." {
      let rest = recorded.dropFirst()
      var start = actual.startIndex
      while true {
        if match(actual[start...], rest) { return true }
        if start == actual.endIndex { return false }
        start += 1
      }
    }
    guard let line = actual.first, lineMatches(line, pattern) else { return false }
    return match(actual.dropFirst(), recorded.dropFirst())
  }

  static func lineMatches(_ line: String, _ pattern: String) -> Bool {
    guard pattern.contains("[..]") else { return line == pattern }
    // The standard library's searches, not Foundation's: `range(of:)` on a substring holding
    // NUL characters answered a range outside it (the notebook fuzzer's trap).
    let parts = pattern.split(separator: "[..]", omittingEmptySubsequences: false)
    var rest = Substring(line)
    guard let first = parts.first, rest.hasPrefix(first) else { return false }
    rest = rest.dropFirst(first.count)
    for (index, part) in parts.dropFirst().enumerated() {
      let isLast = index == parts.count - 2
      if isLast { return part.isEmpty || rest.hasSuffix(part) }
      guard let range = rest.firstRange(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }
}

