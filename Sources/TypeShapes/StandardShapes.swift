import ComposableArchitecture
import Foundation
import IdentifiedCollections

// Shapes of the standard library's and Foundation's usual types. Scalars keep the literal
// forms scripts have always used: a UUID is written as its string, a date as seconds since
// 2001-01-01 (what `Date`'s own `Codable` form is).

private func integerShape<T: FixedWidthInteger>(_: T.Type) -> TypeShape {
  .scalar(ScalarShape(
    make: { literal in
      if case let .int(value) = literal { return T(exactly: value) }
      return nil
    },
    literal: { .int(Int(truncatingIfNeeded: $0 as! T)) }
  ))
}

extension Int: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension Int8: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension Int16: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension Int32: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension Int64: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension UInt: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension UInt8: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension UInt16: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension UInt32: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }
extension UInt64: PlaygroundShaped { public static var playgroundShape: TypeShape { integerShape(Self.self) } }

extension Double: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        switch literal {
        case let .double(value): return value
        case let .int(value): return Double(value)
        default: return nil
        }
      },
      literal: { .double($0 as! Double) }
    ))
  }
}

extension Float: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        switch literal {
        case let .double(value): return Float(value)
        case let .int(value): return Float(value)
        default: return nil
        }
      },
      literal: { .double(Double($0 as! Float)) }
    ))
  }
}

extension Bool: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .bool(value) = literal { return value }
        return nil
      },
      literal: { .bool($0 as! Bool) }
    ))
  }
}

extension String: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .string(value) = literal { return value }
        return nil
      },
      literal: { .string($0 as! String) }
    ))
  }
}

extension UUID: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .string(value) = literal { return UUID(uuidString: value) }
        return nil
      },
      literal: { .string(($0 as! UUID).uuidString) }
    ))
  }

  /// `UUID(0)` (swift-dependencies' `UUID(_ intValue:)`, the ids `.incrementing` makes) and
  /// `UUID(uuidString:)` (optional, as in Foundation).
  public static var playgroundMembers: [StaticMember] {
    [
      StaticMember("init", parameters: [ParameterShape(nil, Int.self)]) { arguments in
        UUID(arguments.at(0) as Int)
      },
      StaticMember("init", parameters: [ParameterShape("uuidString", String.self)]) { arguments in
        UUID(uuidString: arguments.at(0)) as UUID?
      },
    ]
  }
}

extension Date: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        switch literal {
        case let .double(value): return Date(timeIntervalSinceReferenceDate: value)
        case let .int(value): return Date(timeIntervalSinceReferenceDate: Double(value))
        default: return nil
        }
      },
      literal: { .double(($0 as! Date).timeIntervalSinceReferenceDate) }
    ))
  }

  public static var playgroundMembers: [StaticMember] {
    [
      StaticMember("init", parameters: [ParameterShape("timeIntervalSince1970", Double.self)]) { arguments in
        Date(timeIntervalSince1970: arguments.at(0))
      },
      StaticMember("init", parameters: [ParameterShape("timeIntervalSinceReferenceDate", Double.self)]) { arguments in
        Date(timeIntervalSinceReferenceDate: arguments.at(0))
      },
    ]
  }
}

extension URL: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .string(value) = literal { return URL(string: value) }
        return nil
      },
      literal: { .string(($0 as! URL).absoluteString) }
    ))
  }
}

extension Decimal: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        switch literal {
        case let .int(value): return Decimal(value)
        case let .double(value): return Decimal(string: "\(value)")
        case let .string(value): return Decimal(string: value)
        case .bool: return nil
        }
      },
      literal: { .string(($0 as! Decimal).description) }
    ))
  }
}

extension Data: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .string(value) = literal { return Data(value.utf8) }
        return nil
      },
      literal: { .string(String(decoding: $0 as! Data, as: UTF8.self)) }
    ))
  }
}

extension Optional: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .optional(OptionalShape(
      wrapped: Wrapped.self,
      make: { value in value.map { $0 as! Wrapped } as Wrapped? as Any },
      unwrap: { value in (value as! Wrapped?).map { $0 as Any } }
    ))
  }
}

extension Array: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .sequence(SequenceShape(
      element: Element.self,
      make: { elements in elements.map { $0 as! Element } },
      elements: { ($0 as! [Element]).map { $0 as Any } }
    ))
  }
}

extension ContiguousArray: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .sequence(SequenceShape(
      element: Element.self,
      make: { elements in ContiguousArray(elements.map { $0 as! Element }) },
      elements: { ($0 as! ContiguousArray<Element>).map { $0 as Any } }
    ))
  }
}

extension Set: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .sequence(SequenceShape(
      element: Element.self,
      make: { elements in Set(elements.map { $0 as! Element }) },
      elements: { ($0 as! Set<Element>).map { $0 as Any } }
    ))
  }
}

/// Written as an array of integers (`.delete([0, 2])`), as Swift's array literal writes one, or
/// with its initializers: `IndexSet(integer: 0)`, `IndexSet(integersIn: 0..<3)`, `IndexSet([0, 2])`.
extension IndexSet: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .sequence(SequenceShape(
      element: Int.self,
      make: { elements in IndexSet(elements.map { $0 as! Int }) },
      elements: { ($0 as! IndexSet).map { $0 as Any } }
    ))
  }

  public static var playgroundMembers: [StaticMember] {
    [
      StaticMember("init", parameters: [ParameterShape("integer", Int.self)]) { arguments in
        IndexSet(integer: arguments.at(0))
      },
      StaticMember("init", parameters: [ParameterShape("integersIn", Range<Int>.self)]) { arguments in
        IndexSet(integersIn: arguments.at(0) as Range<Int>)
      },
      StaticMember("init", parameters: [ParameterShape(nil, [Int].self)]) { arguments in
        IndexSet(arguments.at(0) as [Int])
      },
    ]
  }
}

extension Dictionary: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .dictionary(DictionaryShape(
      key: Key.self, value: Value.self,
      make: { pairs in
        var dictionary: [Key: Value] = [:]
        for (key, value) in pairs { dictionary[key as! Key] = value as? Value }
        return dictionary
      },
      pairs: { ($0 as! [Key: Value]).map { ($0.key as Any, $0.value as Any) } }
    ))
  }
}

extension IdentifiedArray: PlaygroundShaped where Element: Identifiable, ID == Element.ID {
  public static var playgroundShape: TypeShape {
    .sequence(SequenceShape(
      element: Element.self,
      make: { elements in
        let typed = elements.map { $0 as! Element }
        var seen = Set<ID>()
        for element in typed where !seen.insert(element.id).inserted {
          throw ShapeError("two elements have the id \(element.id)")
        }
        return IdentifiedArray(uniqueElements: typed)
      },
      elements: { ($0 as! Self).elements.map { $0 as Any } }
    ))
  }
}

extension Result: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [CaseShape("success", [ParameterShape(nil, Success.self)]), CaseShape("failure", [ParameterShape(nil, Failure.self)])],
      make: { index, arguments in
        index == 0 ? Self.success(arguments.at(0)) : Self.failure(arguments.at(0))
      },
      destructure: { value in
        switch value as! Self {
        case let .success(success): return (0, [success])
        case let .failure(failure): return (1, [failure])
        }
      }
    ))
  }
}
