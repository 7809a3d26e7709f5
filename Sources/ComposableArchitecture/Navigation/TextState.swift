/// A data type that describes the text of an alert, a confirmation dialog or a button, as state.
///
/// ```swift
/// TextState("Are you sure?")
/// TextState("Count: ") + TextState("\(count)")
/// ```
///
/// On Apple platforms swift-navigation's `TextState` also carries SwiftUI styling (bold, fonts,
/// localized string keys); there is no SwiftUI on Linux, so here it is plain, verbatim text.
/// It dumps as its string, and two text states are equal when their strings are.
public struct TextState: Equatable, Hashable, Sendable {
  /// The text, verbatim.
  public var string: String

  /// Creates text state that displays a string, without localization.
  public init(verbatim content: String) {
    self.string = content
  }

  /// Creates text state that displays a string.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {
    self.string = String(content)
  }

  /// Creates text state that displays a string (also from an interpolation).
  public init(_ content: String) {
    self.string = content
  }

  /// Concatenates two text states.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.string + rhs.string)
  }
}

extension TextState: CustomDumpRepresentable {
  public var customDumpValue: Any {
    self.string
  }
}

extension TextState: CustomStringConvertible {
  public var description: String {
    self.string
  }
}

