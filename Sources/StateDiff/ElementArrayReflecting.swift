import CustomDump
import IdentifiedCollections

/// Collections whose standard mirror lists exactly their elements, in order and unlabelled, with
/// the collection display style, and whose elements are available as an `Array` in O(1).
///
/// For these the diff reads elements directly, without building mirrors or boxing elements.
protocol ElementArrayReflecting {
  associatedtype Element
  var reflectedElements: [Element] { get }
}

extension Array: ElementArrayReflecting {
  var reflectedElements: [Element] { self }
}

extension ContiguousArray: ElementArrayReflecting {
  var reflectedElements: [Element] { Array(self) }
}

extension IdentifiedArray: ElementArrayReflecting {
  var reflectedElements: [Element] { self.elements }
}

/// Typed child pairs for two collections of the same type, when their elements qualify (see
/// ``TypedElementPairs``); `nil` otherwise.
func typedElementPairs(_ lhs: Any, _ rhs: Any, memo: PrefixMemo) -> (any ChildPairs)? {
  // Metatype tests: value casts look through `Optional`.
  guard
    type(of: lhs) is any ElementArrayReflecting.Type,
    type(of: lhs) == type(of: rhs),
    !(lhs is any CustomDumpReflectable),
    let lhs = lhs as? any ElementArrayReflecting
  else { return nil }
  return openTypedElementPairs(lhs, rhs, memo: memo)
}

private func openTypedElementPairs<C: ElementArrayReflecting>(
  _ lhs: C, _ rhs: Any, memo: PrefixMemo
) -> (any ChildPairs)? {
  guard let rhs = rhs as? C else { return nil }
  return makeTypedElementPairs(lhs.reflectedElements, rhs.reflectedElements, memo: memo)
}

/// Marks `Optional`, whose values dynamic casts look through.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

private func makeTypedElementPairs<Element>(
  _ lhs: [Element], _ rhs: [Element], memo: PrefixMemo
) -> (any ChildPairs)? {
  // Elements are compared with the static conformances of `Element`, which agree with the
  // dynamic casts CustomDump applies to each element only for plain value types: not classes
  // (subclasses), not `Optional` or `AnyHashable` (casts look inside them), not existentials
  // (never `Equatable`), and not diff objects (matched by object identity).
  guard
    !(Element.self is AnyClass),
    !(Element.self is any OptionalMarker.Type),
    Element.self != AnyHashable.self,
    !(Element.self is any _CustomDiffObject.Type),
    let equatable = Element.self as? any Equatable.Type
  else { return nil }
  return openEquatable(equatable, lhs, rhs, memo: memo)
}

private func openEquatable<E: Equatable, Element>(
  _: E.Type, _ lhs: [Element], _ rhs: [Element], memo: PrefixMemo
) -> any ChildPairs {
  TypedElementPairs<E>(
    lhs: unsafeBitCast(lhs, to: [E].self),
    rhs: unsafeBitCast(rhs, to: [E].self),
    memo: memo
  )
}
