import Foundation

/// Reads a notebook's Markdown into prose and cells.
public enum NotebookParser {
  static let codeFence = "```tca"
  static let outputFence = "```output"
  static let cellOptions: Set<String> = ["expect-failure", "predict"]

  public static func parse(_ text: String, path: String) throws(NotebookError) -> Notebook {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Notebook.Block] = []
    var prose: [String] = []
    var index = 0

    func flushProse() {
      // Trim blank lines around narration.
      while prose.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { prose.removeFirst() }
      while prose.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { prose.removeLast() }
      if !prose.isEmpty { blocks.append(.prose(prose.joined(separator: "\n"))) }
      prose = []
    }

    func fencedBody(startingAt start: Int, kind: String) throws(NotebookError) -> (body: [String], end: Int) {
      var body: [String] = []
      var i = start + 1
      while i < lines.count {
        if lines[i].trimmingCharacters(in: .whitespaces) == "```" { return (body, i) }
        if lines[i].hasPrefix("```") {
          throw NotebookError(path: path, line: i + 1, message: "a new fence starts inside an unterminated \(kind) block opened at line \(start + 1)")
        }
        body.append(lines[i])
        i += 1
      }
      throw NotebookError(path: path, line: start + 1, message: "unterminated \(kind) block (no closing ```)")
    }

    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix(codeFence) {
        let options = trimmed.dropFirst(codeFence.count).split(separator: " ").map(String.init)
        for option in options where !Self.cellOptions.contains(option) {
          throw NotebookError(path: path, line: index + 1, message: "unknown cell option '\(option)' (known: expect-failure, predict)")
        }
        flushProse()
        let (body, end) = try fencedBody(startingAt: index, kind: "code")
        var cell = Notebook.Cell(
          code: body.joined(separator: "\n"), line: index + 2, expectsFailure: options.contains("expect-failure"),
          predicts: options.contains("predict"), recordedOutput: nil, outputLine: end + 2
        )
        if cell.predicts, cell.prediction == nil {
          throw NotebookError(path: path, line: index + 1, message: Notebook.Cell.predictionFormat)
        }
        index = end + 1
        // The output block, if any, follows after blank lines only.
        var look = index
        while look < lines.count, lines[look].trimmingCharacters(in: .whitespaces).isEmpty { look += 1 }
        if look < lines.count, lines[look].trimmingCharacters(in: .whitespaces) == outputFence {
          let (output, outputEnd) = try fencedBody(startingAt: look, kind: "output")
          cell.recordedOutput = output.joined(separator: "\n")
          cell.outputLine = look + 2
          index = outputEnd + 1
        }
        blocks.append(.cell(cell))
        continue
      }
      if trimmed == outputFence {
        throw NotebookError(path: path, line: index + 1, message: "an output block must follow a ```tca code cell")
      }
      prose.append(line)
      index += 1
    }
    flushProse()
    return Notebook(path: path, blocks: blocks)
  }
}

