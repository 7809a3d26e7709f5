/// A lesson notebook: a Markdown file whose ```tca code cells run in one playground session,
/// each followed by a ```output block holding the output recorded for it.
///
/// ````markdown
/// # Exercise 1: the promo list
///
/// Tapping a promo selects it:
///
/// ```tca
/// store.send(.promo(id: "2", action: .didTap)) { $0.promos[id: "2"]?.isSelected = true }
/// ```
///
/// ```output
/// received action:
///   PromoListAction.promo(
/// ...
/// ```
/// ````
///
/// A cell fenced ```` ```tca expect-failure ```` is expected to print a failure or an error (a
/// deliberate failing assertion that teaches something); any other cell that prints one fails
/// the notebook. A cell fenced ```` ```tca predict ```` asks the reader to predict an action's
/// state change (``Cell/prediction``). In recorded output, a line `...` matches any number of lines and `[..]`
/// matches any text within a line.
public struct Notebook: Equatable, Sendable {
  /// Where the notebook came from, for messages (`notebooks/day2/03-promo-list.tca.md`).
  public var path: String
  public var blocks: [Block]

  public enum Block: Equatable, Sendable {
    /// Narration: Markdown shown as is.
    case prose(String)
    case cell(Cell)
  }

  /// A code cell and its recorded output.
  public struct Cell: Equatable, Sendable {
    public var code: String
    /// 1-based line of the first code line.
    public var line: Int
    public var expectsFailure: Bool
    /// A ```` ```tca predict ```` cell: its first line is an action, the rest the recorded
    /// answer closure (see ``prediction``).
    public var predicts = false
    /// The recorded output, or `nil` when the cell has no output block yet.
    public var recordedOutput: String?
    /// 1-based line of the first recorded output line (or where an output block would go).
    public var outputLine: Int
  }

  public var cells: [Cell] {
    self.blocks.compactMap { if case let .cell(cell) = $0 { return cell } else { return nil } }
  }
}

/// A problem with a notebook's text, at a line.
public struct NotebookError: Error, Equatable, CustomStringConvertible, Sendable {
  public var path: String
  public var line: Int
  public var message: String

  public var description: String { "\(self.path):\(self.line): error: \(self.message)" }
}
