import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax
import TypeShapes

/// Assignments into a dependency client that the feature's reducers read with
/// `@Dependency(\.name)`: `$0.apiClient.search = { query in … }` sets the endpoint to a closure
/// of its exact type (made by the glue's ``EndpointShape``) that runs the script's closure, and
/// `$0.apiClient.baseURL = …` sets any other `var` of the client to a value built as its type.
@MainActor
struct ClientAssignments {
  package let evaluator: Evaluator
  package let feature: any AnyFeature

  /// The update for `names = value`, or `nil` when `names` doesn't lead into a dependency the
  /// feature's reducers read.
  func update(
    _ names: [(name: String, range: SourceRange)], _ value: Expr
  ) throws(ScriptError) -> DependencyAssignments.Update? {
    let path = names.map(\.name)
    let candidates = self.feature.playgroundDependencies().filter { dependency in
      let parts = dependency.name.split(separator: ".").map(String.init)
      return parts.count < path.count && Array(path.prefix(parts.count)) == parts
    }
    guard let dependency = candidates.max(by: { $0.name.count < $1.name.count }) else { return nil }
    let depth = dependency.name.split(separator: ".").count
    guard dependency.set != nil else {
      throw ScriptError("'\(dependency.name)' is read-only", at: names[0].range.through(names[depth - 1].range))
    }
    var fields: [FieldShape] = []
    var current = dependency.type
    for (name, range) in names[depth...] {
      guard case let .struct(shape)? = playgroundShape(of: current) else {
        throw ScriptError("can't set '\(name)': the playground doesn't know the fields of \(_typeName(current))", at: range)
      }
      guard let field = shape.fields.first(where: { $0.name == name }) else {
        throw ScriptError(
          "value of type \(_typeName(current)) has no member '\(name)'\(Diagnostics.didYouMean(name, among: shape.fields.map(\.name)))",
          at: range
        )
      }
      guard field.set != nil else { throw ScriptError("cannot assign to '\(name)': it is a 'let' constant", at: range) }
      fields.append(field)
      current = field.type
    }
    let make = try self.newValue(for: fields[fields.count - 1], value, described: path.joined(separator: "."))
    let chain = fields
    return { values in
      var client = dependency.get(values)
      Self.write(&client, along: chain[...], make)
      dependency.set?(&values, client)
    }
  }

  /// The field's new value, given the one it replaces: an endpoint around the script's closure,
  /// or the value built as the field's type.
  private func newValue(for field: FieldShape, _ value: Expr, described: String) throws(ScriptError) -> @Sendable (Any) -> Any {
    guard case .closure = value else {
      let built = UncheckedSendable(try self.evaluator.builder.build(value, as: field.type, scope: .topLevel))
      return { _ in built.value }
    }
    guard let endpoint = field.endpoint else {
      throw ScriptError(
        "cannot set '\(described)' to a closure: the playground can't make a value of type \(ValueBuilder.scriptTypeName(field.type))",
        at: value.range
      )
    }
    guard case let .closure(closure) = try self.evaluator.evaluateSync(value, scope: .topLevel) else {
      throw ScriptError("expected a closure", at: value.range)
    }
    if let parameters = closure.syntax.signature?.parameters, parameters.count != endpoint.arity {
      throw ScriptError(
        "'\(described)' passes \(endpoint.arity) argument\(endpoint.arity == 1 ? "" : "s"), but the closure takes \(parameters.count)",
        at: value.range
      )
    }
    let runner = EndpointRunner(evaluator: self.evaluator, closure: closure, described: described, range: value.range)
    let invoker = EndpointInvoker { arguments, resultType in try runner.run(arguments, resultType) }
    return { previous in endpoint.make(invoker, previous) }
  }

  /// Writes `make(old)` into the last of `fields`, each a field of the one before.
  nonisolated private static func write(_ root: inout Any, along fields: ArraySlice<FieldShape>, _ make: (Any) -> Any) {
    guard let field = fields.first else { return }
    var child = field.get(root)
    if fields.count == 1 {
      child = make(child)
    } else {
      self.write(&child, along: fields.dropFirst(), make)
    }
    field.set?(&root, child)
  }
}

/// Runs a script's closure for a dependency endpoint, when the feature calls the endpoint: binds
/// the arguments, builds the closure's value as the endpoint's result type, and passes on what
/// it throws. A closure that goes wrong (its value doesn't fit, a name it reads is unknown…) is
/// reported as an error at the closure's position, and the endpoint fails
/// (``EndpointFailure``).
@MainActor
final class EndpointRunner {
  package let evaluator: Evaluator
  let closure: ClosureValue
  /// `apiClient.search`.
  let described: String
  package let range: SourceRange
  /// The source the closure was written in, for rendering its errors.
  package let source: (source: String, origin: String?, firstLine: Int)

  package init(evaluator: Evaluator, closure: ClosureValue, described: String, range: SourceRange) {
    self.evaluator = evaluator
    self.closure = closure
    self.described = described
    self.range = range
    self.source = evaluator.environment.runningSource
  }

  /// The closure's value for `arguments`, of type `resultType`.
  package func run(_ arguments: [Any], _ resultType: Any.Type) throws -> Any {
    do throws(ScriptError) {
      let value = try self.evaluator.callClosure(self.closure, with: arguments, at: self.range, resultType: resultType)
      if resultType == Void.self { return () }
      guard case let .swift(swiftValue) = value else {
        throw ScriptError(
          "the closure gives \(value.kindDescription), expected a value of type \(ValueBuilder.scriptTypeName(resultType))",
          at: self.range
        )
      }
      return try self.evaluator.builder.convert(swiftValue, to: resultType, at: self.range)
    } catch {
      if let thrown = error.thrown { throw thrown.error }
      let message = "in the closure for '\(self.described)': \(error.message)"
      let shown = ScriptError(message, at: error.range ?? self.range)
      self.evaluator.environment.reportRuntimeError(
        Diagnostics.render(shown, source: self.source.source, origin: self.source.origin, firstLine: self.source.firstLine)
      )
      throw EndpointFailure(message)
    }
  }
}
