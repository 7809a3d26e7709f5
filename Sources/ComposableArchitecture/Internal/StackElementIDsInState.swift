import OrderedCollections

/// A stack state seen without its element type, so that the identifiers it holds can be found
/// inside any state.
protocol _AnyStackState {
  var _ids: OrderedSet<StackElementID> { get }
  var _elements: [Any] { get }
}

extension StackState: _AnyStackState {
  var _ids: OrderedSet<StackElementID> { self.ids }
  var _elements: [Any] { self.map { $0 as Any } }
}

extension StackElementIDGenerator {
  /// This generator, or, if it would hand out identifiers that stacks inside `state` already
  /// hold, a generator that counts up from just after the largest of them.
  ///
  /// Stores number stack elements with a fresh generator. A state built before the store (a
  /// preview's or playground preset's, say) got its identifiers from another generator, and the
  /// store's first push would otherwise reuse one of them, replacing that element.
  func skippingIdentifiers(in state: Any) -> Self {
    guard let largest = largestStackElementGeneration(in: state, depth: 0),
      largest >= self.peek().generation
    else { return self }
    return .incrementing(from: largest + 1)
  }
}

/// The largest generation of the stack element identifiers inside a value, found by reflection.
private func largestStackElementGeneration(in value: Any, depth: Int) -> Int? {
  guard depth < 64 else { return nil }
  var largest: Int?
  func consider(_ generation: Int?) {
    guard let generation else { return }
    largest = max(largest ?? generation, generation)
  }
  if let stack = value as? any _AnyStackState {
    consider(stack._ids.map { $0.generation }.max())
    for element in stack._elements {
      consider(largestStackElementGeneration(in: element, depth: depth + 1))
    }
    return largest
  }
  let mirror = Mirror(reflecting: value)
  // Feature state is made of values; references could lead in circles.
  guard mirror.displayStyle != .class else { return nil }
  for child in mirror.children {
    consider(largestStackElementGeneration(in: child.value, depth: depth + 1))
  }
  return largest
}
