import Foundation
import StateDiff

extension String {
  /// Indents every non-empty line of the string by the given number of spaces.
  func indent(by indent: Int) -> String {
    let indentation = String(repeating: " ", count: indent)
    return indentation + self.replacingOccurrences(of: "\n", with: "\n\(indentation)")
  }
}

/// The name of a type as TCA prints it: without module names, with `[T]`, `T?` and `[K: V]`.
///
/// StateDiff's `typeName` computes it (the playground's one type-name implementation).
public func _typeName(_ type: Any.Type) -> String {
  StateDiff.typeName(type, genericsAbbreviated: false, extensionContextsDropped: true)
}

/// The name of a type as TCA's runtime warnings print it: as ``_typeName(_:)``, with generic
/// arguments left out (`Feature.State`, not `Feature<Int>.State`).
func abbreviatedTypeName(_ type: Any.Type) -> String {
  StateDiff.typeName(type, genericsAbbreviated: true, extensionContextsDropped: true)
}

/// A compact description of an action's case structure, as TCA's `actionLabels` printer and
/// test failure lists show it: `Feature.Action.child(.element(id:, action: .toggle))`.
///
/// - Parameters:
///   - value: The value (usually an action) to describe.
///   - abbreviated: Whether to omit the leading type name.
public func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  func help(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let child = mirror.children.first else {
        let output = "\(value)"
        return output == _typeName(type(of: value)) ? "" : ".\(output)"
      }
      let childOutput = help(child.value)
      return ".\(child.label ?? "")\(childOutput.isEmpty ? "" : "(\(childOutput))")"
    case .tuple:
      return mirror.children.map { label, value in
        let childOutput = help(value)
        let labelOutput = label.map { $0.hasPrefix(".") ? "_:" : "\($0):" } ?? ""
        return "\(labelOutput)\(childOutput.isEmpty ? "" : " \(childOutput)")"
      }
      .joined(separator: ", ")
    default:
      return ""
    }
  }
  return "\(abbreviated ? "" : _typeName(type(of: value)))\(help(value))"
}

#if !canImport(Darwin)
  /// Nanoseconds per second: Dispatch's `NSEC_PER_SEC`, which Linux's Dispatch does not export
  /// to Swift. Public so that feature and test code doing scheduler arithmetic with it
  /// (`.nanoseconds(Int(NSEC_PER_SEC) / 2)`) compiles as it does on Apple platforms.
  public let NSEC_PER_SEC: UInt64 = 1_000_000_000
  /// Nanoseconds per millisecond, as Dispatch's `NSEC_PER_MSEC`.
  public let NSEC_PER_MSEC: UInt64 = 1_000_000
  /// Nanoseconds per microsecond, as Dispatch's `NSEC_PER_USEC`.
  public let NSEC_PER_USEC: UInt64 = 1_000
#endif
