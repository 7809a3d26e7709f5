import CustomDump
import StateDiff

/// What a playground store printed for one action it reduced: the action, which store reduced
/// it and why, and the printed text as lines that each know what they are.
///
/// A record is made once, where the change is computed (``ChangePrinter``), and travels as is to
/// the front end, which colours each line from its ``Line/Kind`` rather than by reading the text:
///
/// ```
/// received action:                      header
///   Feature.Action.incrementButtonTapped action
///   Feature.State(                      context
/// -   count: 0                          removed
/// +   count: 1                          added
///   )                                   context
/// ```
///
/// Its ``text`` is byte for byte what TCA's `_printChanges` prints for the action (without the
/// final newline): the `.customDump` printer's block, or the `.actionLabels` printer's line.
public struct ChangeRecord: Sendable, Equatable {
  /// Why a store reduced the action.
  public enum Origin: String, Sendable {
    /// The action a `send` sent.
    case sent
    /// An action an effect delivered (a test store prints it when the test receives it).
    case received
  }

  /// One printed line.
  public struct Line: Sendable, Equatable {
    /// What a line is.
    public enum Kind: String, Sendable, CaseIterable {
      /// `received action:`, above the action.
      case header
      /// A line of the action, dumped with CustomDump.
      case action
      /// A line of the state diff that both states share.
      case context
      /// A line of the state diff only the old state has (`-`).
      case removed
      /// A line of the state diff only the new state has (`+`).
      case added
      /// `(No state changes)`: the action left the state as it was.
      case unchanged
      /// `received action: Feature.Action.case`, the one line of the labels format.
      case label
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
      self.kind = kind
      self.text = text
    }
  }

  /// The feature of the store that reduced the action (`Counter`).
  public var feature: String
  /// The store that reduced the action: its identity, the same for every record it makes.
  public var storeID: ObjectIdentifier
  /// The name a session knows the store by (`store`), when it has told the record.
  public var storeName: String?
  public var origin: Origin
  /// The action's case path, as `.actionLabels` prints it: `Feature.Action.row(.toggle)`.
  public var actionLabel: String
  /// The printed lines, in order.
  public var lines: [Line]

  public init(
    feature: String, storeID: ObjectIdentifier, storeName: String? = nil, origin: Origin, actionLabel: String,
    lines: [Line]
  ) {
    self.feature = feature
    self.storeID = storeID
    self.storeName = storeName
    self.origin = origin
    self.actionLabel = actionLabel
    self.lines = lines
  }

  /// The printed text: the lines, each but the last followed by a newline.
  public var text: String {
    self.lines.map(\.text).joined(separator: "\n")
  }
}

extension ChangeRecord.Line.Kind {
  /// The kind of a line of the state diff.
  public init(_ kind: DiffLine.Kind) {
    switch kind {
    case .context: self = .context
    case .removed: self = .removed
    case .added: self = .added
    }
  }
}

extension ChangeRecord.Line {
  /// The lines of the `.customDump` format for one action: `received action:`, the action
  /// indented by two, then the state diff (`fastDiff`, CustomDump's text) or
  /// `(No state changes)`: the text of TCA's `_changeDescription`, made line by line.
  ///
  /// The diff's lines keep the kinds StateDiff recorded as it wrote them (`fastDiffLines`).
  static func changes<State, Action>(action: Action, oldState: State, newState: State) -> [Self] {
    var dump = ""
    CustomDump.customDump(action, to: &dump, indent: 2)
    var lines = [Self(.header, "received action:")]
    lines += Self.split(dump).map { Self(.action, $0) }
    guard let diff = fastDiffLines(oldState, newState, format: .default) else {
      lines.append(Self(.unchanged, "  (No state changes)"))
      return lines
    }
    lines += diff.lines.map { Self(Kind($0.kind), $0.text) }
    return lines
  }

  /// The one line of the `.actionLabels` format.
  static func label(_ actionLabel: String) -> [Self] {
    Self.split("received action: \(actionLabel)").map { Self(.label, $0) }
  }

  /// The text's lines, split at every line feed scalar (so that joining them with `"\n"` gives
  /// back the very same bytes, `"\r\n"` included).
  private static func split(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
  }
}
