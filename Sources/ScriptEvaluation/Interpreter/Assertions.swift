import ComposableArchitecture
import CustomDump
import TCAScriptSyntax

/// Thrown when `#require` (or `XCTUnwrap`) fails: the failure has been printed, and the
/// statement stops there, as a throwing `try #require(…)` stops a Swift test.
package struct RequirementFailure: Error {}

/// The test assertions of Swift Testing, XCTest and CustomDump, run as statements:
/// `#expect`, `#require`, `XCTAssertEqual` and its kin, `expectNoDifference` and
/// `withKnownIssue { … }`.
///
/// A failure is an output of kind `.failure` worded as the test libraries word it
/// (`Expectation failed: (a → 1) == (b → 2)`, `XCTAssertEqual failed: ("1") is not equal to ("2")`);
/// a pass is an output of kind `.pass` (the REPL shows `✔` at a terminal, scripts print nothing).
@MainActor
struct Assertions {
  package let interpreter: Interpreter

  private var evaluator: Evaluator { self.interpreter.evaluator }
  private var output: OutputBuffer { self.interpreter.output }

  /// The assertion functions, called as plain functions.
  static let functionNames: Set<String> = [
    "XCTAssertEqual", "XCTAssertNotEqual", "XCTAssert", "XCTAssertTrue", "XCTAssertFalse", "XCTAssertNil",
    "XCTAssertNotNil", "XCTFail", "XCTUnwrap", "expectNoDifference", "withKnownIssue",
  ]

  /// Whether `expr` is an assertion (possibly under `try`).
  static func isAssertion(_ expr: Expr) -> Bool {
    switch expr {
    case let .try(keyword, operand, _): return keyword != "try?" && Self.isAssertion(operand)
    case let .macro(name, _, _, _): return name == "expect" || name == "require"
    case let .call(.identifier(name, _), _, _, _): return Self.functionNames.contains(name)
    default: return false
    }
  }

  /// Runs `expr` if it is an assertion (possibly under `try`), returning its value (`#require`'s
  /// unwrapped value, else `.void`); `nil` when it isn't one.
  package func perform(_ expr: Expr, scope: EvaluationScope) async throws -> RuntimeValue? {
    switch expr {
    case let .try(keyword, operand, _) where keyword != "try?":
      return try await self.perform(operand, scope: scope)
    case let .macro(name, arguments, trailing, range) where name == "expect" || name == "require":
      guard trailing == nil, let first = arguments.first, first.label == nil, arguments.count <= 2 else {
        throw ScriptError("'#\(name)' with \(arguments.first?.label.map { "'\($0):'" } ?? "these arguments") isn't supported here yet; write '#\(name)(condition)' or '#\(name)(condition, \"message\")'", at: range)
      }
      let message = try self.message(arguments.dropFirst().first, name: "#\(name)", scope: scope)
      return try self.expectation(first.value, message: message, isRequired: name == "require", scope: scope)
    case let .call(.identifier(name, _), arguments, trailing, range) where Self.functionNames.contains(name):
      if name == "withKnownIssue" {
        return try await self.withKnownIssue(arguments, trailing, range: range, scope: scope)
      }
      guard trailing == nil else { throw ScriptError("'\(name)' doesn't take a trailing closure", at: range) }
      return try self.function(name, arguments, range: range, scope: scope)
    default:
      return nil
    }
  }

  // MARK: - Swift Testing

  /// `#expect(condition)` / `#require(condition)`: a Bool, or for `#require` an optional it unwraps.
  private func expectation(_ condition: Expr, message: String?, isRequired: Bool, scope: EvaluationScope) throws -> RuntimeValue {
    let captured = try ExpectationCapture(evaluator: self.evaluator, scope: scope).capture(condition)
    if let flag = captured.value as? Bool {
      if flag {
        self.pass()
        return .void
      }
      self.fail(["Expectation failed: \(captured.expanded)", captured.difference, message.map { "↳ \($0)" }])
      if isRequired { throw RequirementFailure() }
      return .void
    }
    guard isRequired, let optional = captured.value as? any _OptionalType else {
      let what = isRequired ? "a Bool or an optional" : "a Bool"
      throw ScriptError("'#\(isRequired ? "require" : "expect")' needs \(what), not \(_typeName(type(of: captured.value)))", at: condition.range)
    }
    guard let wrapped = optional._wrappedValue else {
      let expanded = captured.expanded.hasSuffix(" → nil") ? captured.expanded : captured.expanded + " → nil"
      self.fail(["Expectation failed: \(expanded)", message.map { "↳ \($0)" }])
      throw RequirementFailure()
    }
    self.pass()
    return .swift(wrapped)
  }

  // MARK: - XCTest and CustomDump

  private func function(_ name: String, _ arguments: [Argument], range: SourceRange, scope: EvaluationScope) throws -> RuntimeValue {
    let arity: Int
    switch name {
    case "XCTAssertEqual", "XCTAssertNotEqual", "expectNoDifference": arity = 2
    case "XCTFail": arity = 0
    default: arity = 1
    }
    if let labelled = arguments.first(where: { $0.label != nil }), let label = labelled.label {
      throw ScriptError("'\(label):' isn't supported here yet in \(name)(…)", at: labelled.range)
    }
    guard arguments.count == arity || arguments.count == arity + 1 else {
      throw ScriptError("\(name)(…) takes \(arity == 0 ? "a message" : "\(arity) argument\(arity == 1 ? "" : "s") and a message")", at: range)
    }
    let message = try self.message(arguments.count > arity ? arguments[arity] : nil, name: name, scope: scope)
    let suffix = message.map { " - \($0)" } ?? ""
    switch name {
    case "XCTFail":
      self.fail(["failed" + suffix])
      return .void
    case "XCTAssertEqual", "XCTAssertNotEqual", "expectNoDifference":
      let (first, second) = try self.pair(arguments[0].value, arguments[1].value, scope: scope)
      let equal = Operators.equal(first, second)
      if name == "XCTAssertNotEqual" {
        equal ? self.fail(["XCTAssertNotEqual failed: (\"\(Self.xctDescription(first, second))\") is equal to (\"\(Self.xctDescription(second, first))\")\(suffix)"]) : self.pass()
      } else if equal {
        self.pass()
      } else if name == "XCTAssertEqual" {
        self.fail(["XCTAssertEqual failed: (\"\(Self.xctDescription(first, second))\") is not equal to (\"\(Self.xctDescription(second, first))\")\(suffix)"])
      } else {
        self.fail([Self.noDifferenceMessage(first, second, message: message)])
      }
      return .void
    case "XCTAssert", "XCTAssertTrue", "XCTAssertFalse":
      let value = try self.evaluator.swiftValue(arguments[0].value, scope: scope)
      guard let flag = value as? Bool else {
        throw ScriptError("\(name)(…) needs a Bool, not \(_typeName(type(of: value)))", at: arguments[0].value.range)
      }
      // XCTest words `XCTAssert` as `XCTAssertTrue`.
      flag == (name != "XCTAssertFalse") ? self.pass() : self.fail(["\(name == "XCTAssertFalse" ? name : "XCTAssertTrue") failed\(suffix)"])
      return .void
    default:
      let value = try self.evaluator.swiftValue(arguments[0].value, scope: scope)
      let wrapped: Any? = Operators.flatten(value)
      switch (name, wrapped) {
      case ("XCTAssertNil", nil), ("XCTAssertNotNil", _?):
        self.pass()
      case let ("XCTAssertNil", wrapped?):
        self.fail(["XCTAssertNil failed: \"\(String(describing: wrapped))\"\(suffix)"])
      case ("XCTAssertNotNil", nil):
        self.fail(["XCTAssertNotNil failed\(suffix)"])
      case let (_, wrapped?):
        self.pass()
        return .swift(wrapped)
      case (_, nil):
        let type = (Swift.type(of: value) as? any _OptionalType.Type)?.wrappedType ?? Any.self
        self.fail(["XCTUnwrap failed: expected non-nil value of type \"\(_typeName(type, qualified: false))\"\(suffix)"])
        throw RequirementFailure()
      }
      return .void
    }
  }

  /// Two values compared with each other: a literal side is built as the other side's type.
  private func pair(_ lhs: Expr, _ rhs: Expr, scope: EvaluationScope) throws(ScriptError) -> (Any, Any) {
    try ExpectationCapture(evaluator: self.evaluator, scope: scope).operands(lhs, rhs)
  }

  /// XCTest's `"\(value)"`, with the value promoted to an optional when the other one is
  /// (`Optional(1)`), as Swift promotes it to call `XCTAssertEqual<T>(T?, T?)`.
  static func xctDescription(_ value: Any, _ other: Any) -> String {
    if value is any _OptionalType || !(other is any _OptionalType) { return String(describing: value) }
    return "Optional(\(String(describing: value)))"
  }

  /// CustomDump's `expectNoDifference` failure: `Difference: …`, the diff, and its legend.
  static func noDifferenceMessage(_ first: Any, _ second: Any, message: String?) -> String {
    let format = DiffFormat.proportional
    guard let difference = diff(first, second, format: format) else {
      return "(\"\(first)\" is not equal to (\"\(second)\"), but no difference was detected."
    }
    let indented = "  " + difference.replacingOccurrences(of: "\n", with: "\n  ")
    return "\(message.map { $0 + " - " } ?? "")Difference: …\n\n\(indented)\n\n(First: \(format.first), Second: \(format.second))"
  }

  // MARK: - withKnownIssue

  /// `withKnownIssue { … }`: the failures inside are expected (not printed, a pass at a
  /// terminal); if none is recorded, the failure is "Known issue was not recorded" (unless
  /// `isIntermittent: true`).
  private func withKnownIssue(_ arguments: [Argument], _ trailing: Closure?, range: SourceRange, scope: EvaluationScope) async throws -> RuntimeValue {
    guard let body = trailing, body.signature == nil || body.signature?.parameters.isEmpty == true else {
      throw ScriptError("withKnownIssue needs its body as a trailing closure: 'withKnownIssue { … }'", at: range)
    }
    var comment: String?
    var isIntermittent = false
    for argument in arguments {
      switch argument.label {
      case nil:
        comment = try self.message(argument, name: "withKnownIssue", scope: scope)
      case "isIntermittent":
        guard case let .bool(flag, _) = argument.value else { throw ScriptError("expected true or false", at: argument.value.range) }
        isIntermittent = flag
      case let label?:
        throw ScriptError("'\(label):' isn't supported here yet in withKnownIssue(…)", at: argument.range)
      }
    }
    let mark = self.output.count
    do {
      for statement in body.statements {
        try await self.interpreter.execute(statement)
      }
    } catch is RequirementFailure {
      // The body stops at a failed `#require`: a known issue, recorded above.
    } catch {
      // An error in the script is reported as such; the failures before it were expected.
      self.output.flushChanges()
      _ = self.output.removeFailures(since: mark) + self.output.issues.drain().map(\.text)
      throw error
    }
    self.output.flushChanges()
    let known = self.output.removeFailures(since: mark) + self.output.issues.drain().filter { !$0.isNote }.map(\.text)
    if known.isEmpty {
      if !isIntermittent { self.fail(["Known issue was not recorded", comment.map { "↳ \($0)" }]) }
    } else {
      for issue in known {
        self.output.emit(.pass, "known issue: " + (issue.split(separator: "\n").first.map(String.init) ?? ""))
      }
    }
    return .void
  }

  // MARK: - Output

  private func message(_ argument: Argument?, name: String, scope: EvaluationScope) throws(ScriptError) -> String? {
    guard let argument else { return nil }
    let value = try self.evaluator.swiftValue(argument.value, scope: scope)
    guard let text = value as? String else {
      throw ScriptError("\(name)'s message must be a String, not \(_typeName(type(of: value)))", at: argument.value.range)
    }
    return text
  }

  private func pass() {
    self.output.emit(.pass, "")
  }

  /// A failure, its lines joined (the absent ones left out).
  private func fail(_ lines: [String?]) {
    self.output.emit(.failure, lines.compactMap { $0 }.joined(separator: "\n"))
  }
}
