@_spi(Hosting) import ComposableArchitecture

// A binding action as the playground builds and reads it: `.set(\.field, value)`, with the
// field's key path and value known only at run time.

extension BindingAction: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [CaseShape("set", [ParameterShape(nil, PartialKeyPath<Root>.self), ParameterShape(nil, Any.self)])],
      make: { _, arguments in
        // Only ever called with what `destructure` took apart, which makes a valid action.
        Self.playgroundSet(arguments.values[0] as! PartialKeyPath<Root>, arguments.values[1])!
      },
      destructure: { value in
        let action = value as! Self
        return (0, [action.keyPath, action.value])
      }
    ))
  }

  /// `.set(keyPath, value)` for a writable key path and a value whose types are known only at
  /// run time; `nil` when the key path doesn't write a value of that type, or the value isn't
  /// `Equatable` (as `set` requires).
  public static func playgroundSet(_ keyPath: PartialKeyPath<Root>, _ value: Any) -> Self? {
    func open<Value>(_ value: Value) -> Self? {
      guard let writable = keyPath as? WritableKeyPath<Root, Value>, let equatable = value as? any Equatable else {
        return nil
      }
      let box = UncheckedSendable((writable, value))
      let isEqual = UncheckedSendable(equatable)
      return Self(
        keyPath: writable, value: value,
        apply: { $0[keyPath: box.value.0] = box.value.1 },
        valueIsEqualTo: { other in Self.equal(isEqual.value, other) }
      )
    }
    return _openExistential(value, do: open)
  }

  private static func equal<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool {
    (rhs as? E).map { $0 == lhs } ?? false
  }
}
