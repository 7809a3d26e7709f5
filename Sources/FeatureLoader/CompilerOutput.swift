import Foundation

/// What `swiftc` printed, cut into diagnostics so that those about the generated registration
/// code can be told from those about the user's files.
///
/// `swiftc` prints a diagnostic as a `file:line:column: severity: message` line followed by an
/// excerpt of the source; a note that belongs to an error or a warning follows it as a diagnostic
/// of its own. A ``Diagnostic`` here is the error or warning with its notes, as printed.
struct CompilerOutput {
  struct Diagnostic {
    /// The file as `swiftc` printed it, or `nil` for a diagnostic without a position
    /// (`<unknown>:0: error: …`, `error: …`).
    var file: String?
    var line: Int
    var column: Int
    var severity: String
    var message: String
    /// The diagnostic and its notes, exactly as printed.
    var text: String
  }

  var diagnostics: [Diagnostic] = []
  /// Lines printed outside any diagnostic (the driver's messages, documentation links).
  var otherLines: [String] = []

  init(_ output: String) {
    var current: Diagnostic?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let header = Self.header(line) {
        if header.severity == "note", current != nil {
          current!.text += "\n" + line
          continue
        }
        if let finished = current { self.diagnostics.append(finished) }
        current = Diagnostic(
          file: header.file, line: header.line, column: header.column, severity: header.severity,
          message: header.message, text: line
        )
      } else if line.hasPrefix("[#"), line.contains("]: <") {
        // A link to the documentation of a diagnostic group, printed at the end.
        if let finished = current { self.diagnostics.append(finished) }
        current = nil
        self.otherLines.append(line)
      } else if current != nil {
        current!.text += "\n" + line
      } else if !line.isEmpty {
        self.otherLines.append(line)
      }
    }
    if let finished = current { self.diagnostics.append(finished) }
    for index in self.diagnostics.indices {
      while self.diagnostics[index].text.hasSuffix("\n") { self.diagnostics[index].text.removeLast() }
    }
  }

  /// `path:12:5: error: message`, `<unknown>:0: error: message` or `error: message`.
  static func header(_ line: String) -> (file: String?, line: Int, column: Int, severity: String, message: String)? {
    for severity in ["error", "warning", "note", "remark"] {
      let marker = ": \(severity): "
      if line.hasPrefix("\(severity): ") {
        return (nil, 0, 0, severity, String(line.dropFirst(severity.count + 2)))
      }
      guard let range = line.range(of: marker) else { continue }
      let location = line[..<range.lowerBound]
      let message = String(line[range.upperBound...])
      let parts = location.split(separator: ":", omittingEmptySubsequences: false)
      if location.hasPrefix("<unknown>") { return (nil, 0, 0, severity, message) }
      guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1])
      else { continue }
      let file = parts.dropLast(2).joined(separator: ":")
      guard !file.isEmpty, !file.hasPrefix(" "), !file.hasPrefix("|") else { continue }
      return (file, lineNumber, column, severity, message)
    }
    return nil
  }

  /// Renumbers the source excerpts of diagnostics about `files` (`12 | code`), which the compiler
  /// printed from copies whose lines are `offset` lines further down, and drops the copies'
  /// `#sourceLocation` lines from them.
  mutating func shiftExcerpts(of files: Set<String>, by offset: Int) {
    for index in self.diagnostics.indices {
      var inFile = false
      var lines: [String] = []
      for line in self.diagnostics[index].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if let header = Self.header(line) {
          inFile = header.file.map(files.contains) ?? false
          lines.append(line)
          continue
        }
        guard inFile, let bar = line.range(of: " | ") ?? line.range(of: " |", options: .anchored.union(.backwards)),
          let number = Int(line[..<bar.lowerBound].trimmingCharacters(in: .whitespaces))
        else {
          lines.append(line)
          continue
        }
        let content = line[bar.upperBound...]
        if content.hasPrefix("#sourceLocation(") { continue }
        let width = line[..<bar.lowerBound].count
        let label = String(number - offset)
        lines.append(String(repeating: " ", count: max(0, width - label.count)) + label + line[bar.lowerBound...])
      }
      self.diagnostics[index].text = lines.joined(separator: "\n")
    }
  }

  /// The printed text of some of the diagnostics, with the documentation links they refer to.
  func text(of diagnostics: [Diagnostic]) -> String {
    var parts = diagnostics.map(\.text)
    let links = self.otherLines.filter { line in
      guard line.hasPrefix("[#"), let end = line.firstIndex(of: "]") else { return false }
      let group = line[line.startIndex...end]
      return diagnostics.contains { $0.text.contains(group) }
    }
    let driverLines = self.otherLines.filter { !$0.hasPrefix("[#") }
    if !driverLines.isEmpty { parts.insert(driverLines.joined(separator: "\n"), at: 0) }
    if !links.isEmpty { parts.append(links.joined(separator: "\n")) }
    return parts.joined(separator: "\n\n")
  }
}
