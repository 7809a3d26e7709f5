@_spi(Playground) import ComposableArchitecture
@_spi(Playground) import FeatureCatalog
import Foundation

/// An interpreter session: the stores, bindings and history of one user (a REPL, a notebook,
/// a test), evaluating scripts in the playground's TCA-shaped language against a ``Catalog``.
///
/// ```swift
/// let session = Session(catalog: day2Catalog)
/// let output = await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
/// await session.run("store.send(.addItem) { $0.lastId = 1; … }")
/// ```
///
/// Nothing typed can crash the session: every problem is an ``Output`` of kind `.error` with a
/// position and a caret, and the session goes on.
@MainActor
public final class Session {
  public internal(set) var catalog: Catalog
  var types: TypeRegistry
  /// What `_printChanges` prints after each action.
  public let printer = ChangePrinter()
  var bindings: [String: RuntimeValue] = [:]
  var storesByName: [String: StoreHandle] = [:]
  var currentStore: StoreHandle?
  var lastValue: Any?
  /// The last action sent to or received by a store.
  var lastAction: Any?
  /// The statements that changed the session, for `:save` and the journal.
  var mutatingStatements: [String] = []
  /// Where statements are journaled as they run, if anywhere.
  public var journal: Journal?
  /// Runs a front end's `:` command found while replaying a saved session or journal; returns
  /// whether it succeeded. The REPL installs it.
  public var commandHandler: ((String) async -> Bool)?
  /// How deeply evaluation has recursed (a guard: nothing typed may overflow the stack).
  var evaluationDepth = 0
  /// Whether a `send` command is being processed (history tells sent actions from effects').
  var isSending = false
  private let issues = IssueCollector()
  var output: [Output] = []

  public init(catalog: Catalog) {
    self.catalog = catalog
    self.types = TypeRegistry(catalog: catalog)
  }

  /// One piece of what a script printed.
  public struct Output: Equatable, Sendable {
    public enum Kind: String, Sendable {
      /// A value the user asked for.
      case value
      /// `_printChanges` output.
      case changes
      /// A failed assertion (TestStore's failure text).
      case failure
      /// A problem with the input: a one-line message with position and caret.
      case error
      /// A message from the playground itself.
      case info
    }
    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
      self.kind = kind
      self.text = text
    }

    /// The output as plain text, as the REPL prints it without colours: failures are marked
    /// with "✘ ".
    public var rendered: String {
      switch self.kind {
      case .failure: return "✘ " + self.text
      default: return self.text
      }
    }
  }

  /// The names of the session's stores.
  public var storeNames: [String] { self.storesByName.keys.sorted() }

  /// The store commands apply to when none is named (the last one created or loaded).
  public var currentStoreName: String? { self.currentStore?.name }

  /// Runs a script (one or more statements) and returns what it printed.
  @discardableResult
  ///
  /// - Parameters:
  ///   - origin: The file the source comes from, for error positions.
  ///   - firstLine: The line of `source`'s first line in that file.
  public func run(_ source: String, origin: String? = nil, firstLine: Int = 1) async -> [Output] {
    self.output = []
    let statements: [Statement]
    do {
      statements = try Parser.parse(source)
    } catch {
      return [Output(.error, Diagnostics.render(error, source: source, origin: origin, firstLine: firstLine))]
    }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    for statement in statements {
      do {
        try await withIssueReporters([self.issues], operation: {
          try await self.execute(statement)
        })
        if statement.isMutating {
          let text = Self.sourceText(of: statement, in: lines)
          self.mutatingStatements.append(text)
          self.journal?.append(text)
        }
      } catch let error as ScriptError {
        self.flushChanges()
        self.output.append(Output(.error, Diagnostics.render(error, source: source, origin: origin, firstLine: firstLine)))
      } catch {
        self.flushChanges()
        self.output.append(Output(.error, "error: \(error)"))
      }
      self.flushChanges()
      self.flushIssues()
      self.checkSubscriptions()
    }
    return self.output
  }

  /// The statement as the user wrote it (its source lines), or its normalized form when it
  /// shares a line with others.
  static func sourceText(of statement: Statement, in lines: [Substring]) -> String {
    let range = statement.range
    guard range.line >= 1, range.line <= lines.count else { return statement.description }
    let line = lines[range.line - 1]
    let start = line.index(line.startIndex, offsetBy: min(range.column - 1, line.count), limitedBy: line.endIndex) ?? line.endIndex
    let text = line[start...].trimmingCharacters(in: .whitespaces)
    return text.count == range.length || text.count < range.length ? String(text) : statement.description
  }

  func emit(_ kind: Output.Kind, _ text: String) {
    self.flushChanges()
    self.output.append(Output(kind, text))
  }

  /// Moves `_printChanges` output written so far into the session's output.
  func flushChanges() {
    let text = self.printer.output.drain()
    guard !text.isEmpty else { return }
    for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
      self.output.append(Output(.changes, block.hasSuffix("\n") ? String(block.dropLast()) : block))
    }
  }

  func flushIssues() {
    for message in self.issues.drain() {
      self.output.append(Output(.failure, message))
    }
  }

  /// Output produced outside `run` (effects delivered while idle, in a live store).
  public func drainAsynchronousOutput() -> [Output] {
    self.output = []
    self.flushChanges()
    self.flushIssues()
    self.checkSubscriptions()
    return self.output
  }

  // MARK: - Statements

  func execute(_ statement: Statement) async throws {
    switch statement {
    case let .binding(name, value, range):
      let result = try await self.evaluate(value, scope: .topLevel, bindingName: name)
      if case .void = result { throw ScriptError("'\(value)' has no value to bind", at: range) }
      self.bindings[name] = result
      if case let .store(store) = result {
        self.storesByName[name] = store
        self.currentStore = store
      } else if case let .swift(v) = result {
        self.lastValue = v
      }
    case let .assignment(target, op, value, range):
      try await self.assign(target, op: op, value, range: range)
    case let .expression(expr):
      let result = try await self.evaluate(expr, scope: .topLevel, bindingName: nil)
      self.show(result)
    case let .discard(expr, _): _ = try await self.evaluate(expr, scope: .topLevel, bindingName: nil)
    default: throw ScriptError("\(statement.construct) aren't supported here yet", at: statement.range)
    }
  }

  /// Prints a result the way the REPL shows values: with CustomDump.
  func show(_ result: RuntimeValue) {
    switch result {
    case let .swift(value):
      self.lastValue = value
      self.emit(.value, String(customDumping: value))
    case let .keyPath(keyPath):
      self.emit(.value, "Swift.\(keyPath.isWritable ? "WritableKeyPath" : "KeyPath")<\(Self.qualifiedName(keyPath.root)), \(Self.qualifiedName(keyPath.valueType))>")
    case let .casePath(casePath):
      self.emit(.value, "\(casePath.isAnyCasePath ? "AnyCasePath" : "CaseKeyPath")<\(_typeName(casePath.root)), \(_typeName(casePath.valueType))>")
    case let .type(type):
      self.emit(.value, "\(_typeName(type)).Type")
    case let .namespace(name):
      self.emit(.value, name)
    case let .feature(feature):
      self.emit(.value, "\(feature.name): \(feature.summary)")
    case let .variant(name):
      self.emit(.value, ".\(name)")
    case let .store(store):
      self.emit(.info, "\(store.name): \(store.driver.isTestStore ? "TestStore" : "Store") of \(store.feature.name)")
    case .void:
      break
    }
  }

  /// A type name with standard-library types qualified, as Swift prints key path types:
  /// `Swift.WritableKeyPath<SecureModel, Swift.String>`.
  static func qualifiedName(_ type: Any.Type) -> String {
    let name = _typeName(type)
    let standard: Set<String> = ["String", "Int", "Double", "Bool", "Float", "Array", "Dictionary", "Optional", "Set"]
    return standard.contains(name) ? "Swift.\(name)" : name
  }
}

/// Collects issues reported while a session command runs (TestStore failures, runtime warnings),
/// so they print as session output instead of going to a test runner.
final class IssueCollector: IssueReporter, @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let text = message() ?? "Issue reported"
    self.lock.withLock { self.messages.append(text) }
  }

  func expectIssue(_ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {}

  func drain() -> [String] {
    self.lock.withLock {
      defer { self.messages = [] }
      return self.messages
    }
  }
}
