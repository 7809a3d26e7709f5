import Foundation

/// Runs a notebook's cells in order through an executor (a playground session, with the
/// REPL's meta commands) and checks each cell's output against the recorded one.
public struct NotebookRunner {
  /// Runs one cell's code and returns what it printed.
  public typealias Executor = (_ code: String, _ line: Int) async -> CellOutput

  /// What running one cell printed.
  public struct CellOutput: Equatable, Sendable {
    /// The output, as plain text.
    public var text: String
    /// Whether it printed a failure or an error.
    public var failed: Bool
    /// When the cell's code trapped (ending the kernel it ran in): the report, whose lines say
    /// what trapped, where, and what was running. The cell's input stops there; the next cell
    /// runs in a restarted session.
    public var trapReport: String?

    public init(text: String, failed: Bool, trapReport: String? = nil) {
      self.text = text
      self.failed = failed
      self.trapReport = trapReport
    }
  }

  /// The result of one cell.
  public struct CellResult: Sendable {
    public var cell: Notebook.Cell
    public var actualOutput: String
    public var printedFailure: Bool
    /// Whether the cell trapped: a failure whatever it expects and whatever it recorded.
    public var trapped: Bool
    /// `nil` when the cell passed; otherwise what went wrong (a unified diff, an unexpected or
    /// missing failure, or a trap's report).
    public var problem: String?
  }

  /// The result of a whole notebook.
  public struct Result: Sendable {
    public var notebook: Notebook
    public var cells: [CellResult]
    public var passed: Bool { self.cells.allSatisfy { $0.problem == nil } }
  }

  public init() {}

  public func run(_ notebook: Notebook, executor: Executor) async -> Result {
    var results: [CellResult] = []
    for cell in notebook.cells {
      let output = await executor(cell.runnableCode, cell.line)
      let (text, failed) = (output.text, output.failed)
      var problem: String?
      if let report = output.trapReport {
        problem = "\(notebook.path):\(cell.line): the cell trapped (the notebook went on in a restarted session):\n" + report
      } else if let recorded = cell.recordedOutput {
        if !OutputMatcher.matches(actual: text, recorded: recorded) {
          problem = UnifiedDiff.diff(recorded: recorded, actual: text, firstLine: cell.outputLine, path: notebook.path)
        }
      } else if !text.isEmpty {
        problem = "\(notebook.path):\(cell.line): the cell printed output but has no ```output block (run with --update to record it)"
      }
      if problem == nil {
        if failed && !cell.expectsFailure {
          problem = "\(notebook.path):\(cell.line): the cell printed a failure or an error; mark it ```tca expect-failure if that is the lesson"
        } else if !failed && cell.expectsFailure {
          problem = "\(notebook.path):\(cell.line): the cell is marked expect-failure but did not fail"
        }
      }
      results.append(
        CellResult(cell: cell, actualOutput: text, printedFailure: failed, trapped: output.trapReport != nil, problem: problem)
      )
    }
    return Result(notebook: notebook, cells: results)
  }

  /// The notebook's text with every cell's output block replaced by its actual output (the
  /// `--update` / promote mode). Cells that print nothing lose their output block.
  public static func updatedText(_ original: String, result: Result) -> String {
    var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Edit from the bottom up so line numbers stay valid.
    for cellResult in result.cells.reversed() {
      let cell = cellResult.cell
      let newBlock = cellResult.actualOutput.isEmpty
        ? [] : ["", "```output"] + cellResult.actualOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["```"]
      if let recorded = cell.recordedOutput {
        // Replace from the end of the code fence through the closing output fence.
        var openIndex = cell.outputLine - 2
        let closeIndex = openIndex + 1 + (recorded.isEmpty ? 0 : recorded.split(separator: "\n", omittingEmptySubsequences: false).count)
        // Include the blank lines between the code cell and the output block.
        while openIndex > 0, lines[openIndex - 1].trimmingCharacters(in: .whitespaces).isEmpty { openIndex -= 1 }
        guard closeIndex < lines.count else { continue }
        lines.replaceSubrange(openIndex...closeIndex, with: newBlock)
      } else if !newBlock.isEmpty {
        let insertAt = min(cell.outputLine - 1, lines.count)
        lines.insert(contentsOf: newBlock, at: insertAt)
      }
    }
    return lines.joined(separator: "\n")
  }
}
