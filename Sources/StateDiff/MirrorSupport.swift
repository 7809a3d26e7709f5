import CustomDump

extension Mirror {
  /// The mirror CustomDump reflects a value with: its `customDumpMirror` when it is
  /// `CustomDumpReflectable`, otherwise the standard mirror.
  init(dumpReflecting subject: Any) {
    self = (subject as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: subject)
  }

  /// Whether CustomDump prints this value's single child inline, as in `Wrapper(value: 1)`,
  /// rather than as an indented list.
  var isSingleValueContainer: Bool {
    Self.isSingleValueContainer(self.displayStyle, children: self.children)
  }

  /// The same, for children already read from the mirror (reading them again reflects again).
  static func isSingleValueContainer(
    _ displayStyle: DisplayStyle?, children: some Collection<Child>
  ) -> Bool {
    switch displayStyle {
    case .collection?, .dictionary?, .set?:
      return false
    default:
      guard children.count == 1, let child = children.first else { return false }
      var value = child.value
      if value is any _CustomDiffObject { return false }
      while let representable = value as? any CustomDumpRepresentable {
        value = representable.customDumpValue
        if value is any _CustomDiffObject { return false }
      }
      if let convertible = child.value as? any CustomDumpStringConvertible {
        return !convertible.customDumpDescription.containsLineFeedCharacter
      }
      return Mirror(dumpReflecting: value).children.isEmpty
    }
  }
}

/// The children CustomDump prints for a value: all of them for `CustomDumpReflectable` values,
/// and otherwise all but the `_$`-prefixed storage that macros (such as `@Observable`) add.
func macroPropertyFilter(for value: Any) -> (Mirror.Child) -> Bool {
  macroPropertyFilter(reflectable: value is any CustomDumpReflectable)
}

/// The same, for a value known to be `CustomDumpReflectable` or not.
func macroPropertyFilter(reflectable: Bool) -> (Mirror.Child) -> Bool {
  reflectable ? { _ in true } : { $0.label.map { !$0.hasPrefix("_$") } ?? true }
}

/// Drops the positional labels (`.0`, `.1`) of tuple elements and enum payloads.
func dropPositionalLabel(_ child: inout Mirror.Child) {
  if child.label?.first == "." {
    child.label = nil
  }
}

extension String {
  /// The string form of a `StringProtocol` value (`String`, `Substring`), or `nil`.
  init?(stringProtocolValue value: Any) {
    guard let value = value as? any StringProtocol else { return nil }
    self.init(value)
  }
}
