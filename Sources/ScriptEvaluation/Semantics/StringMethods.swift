import Foundation
import TCAScriptSyntax

extension Evaluator {
  /// The `String` methods test bodies call in closures (`$0.name.hasPrefix(query)`):
  /// `hasPrefix`, `hasSuffix`, `contains`, `localizedCaseInsensitiveContains`, `lowercased()`
  /// and `uppercased()`; `nil` when `name` isn't one of them.
  func stringMethod(
    _ string: String, _ name: String, _ arguments: [Argument], range: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> RuntimeValue? {
    switch name {
    case "lowercased", "uppercased":
      guard arguments.isEmpty else { throw ScriptError("'\(name)()' takes no arguments", at: range) }
      return .swift(name == "lowercased" ? string.lowercased() : string.uppercased())
    case "hasPrefix", "hasSuffix", "contains", "localizedCaseInsensitiveContains":
      guard arguments.count == 1, arguments[0].label == nil, !arguments[0].isTrailingClosure else {
        // `contains(where:)` is the sequence method's.
        if name == "contains" { return nil }
        throw ScriptError("'\(name)(_:)' takes one string", at: range)
      }
      guard let other = try self.builder.build(arguments[0].value, as: String.self, scope: scope) as? String else {
        throw ScriptError("expected a string", at: arguments[0].value.range)
      }
      switch name {
      case "hasPrefix": return .swift(string.hasPrefix(other))
      case "hasSuffix": return .swift(string.hasSuffix(other))
      case "contains": return .swift(string.contains(other))
      default: return .swift(string.localizedCaseInsensitiveContains(other))
      }
    default:
      return nil
    }
  }
}
