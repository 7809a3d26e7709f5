import Foundation
import Synchronization

/// An opaque type that identifies an element of ``StackState``.
///
/// ``StackState`` creates identifiers when elements are added to it, with the
/// ``DependencyValues/stackElementID`` generator. Identifiers are generational: each store counts
/// up from `0`, and never reuses an identifier, even after elements are removed. That makes them
/// predictable in tests, where they can be written as integer literals:
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .incrementButtonTapped))) {
///   $0.path[id: 0, case: \.counter]?.count = 1
/// }
/// ```
///
/// It dumps as `#0`, `#1`, … .
public struct StackElementID: Hashable, Sendable {
  /// The position of the identifier in the sequence its generator produces.
  public var generation: Int

  /// Creates an identifier of a given generation.
  public init(generation: Int) {
    self.generation = generation
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// Creates the identifier of the given generation: `.element(id: 0, action: …)`.
  ///
  /// > Note: TCA only allows integer literals in tests; here they are allowed anywhere, so that
  /// > the playground can write them.
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }
}

extension StackElementID: Comparable {
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomDebugStringConvertible {
  public var debugDescription: String {
    "#\(self.generation)"
  }
}

extension StackElementID: CustomDumpStringConvertible {
  public var customDumpDescription: String {
    self.debugDescription
  }
}


/// Generates the identifiers of ``StackState`` elements.
///
/// Stores and test stores install a fresh, incrementing generator when they are created, so the
/// elements of a store's stacks are numbered `#0`, `#1`, … in the order they are added, starting
/// with those of the initial state.
public struct StackElementIDGenerator: Sendable {
  /// Returns the next identifier, and advances the generator.
  public let next: @Sendable () -> StackElementID
  /// Returns the next identifier, without advancing the generator.
  public let peek: @Sendable () -> StackElementID

  /// Returns the next identifier, and advances the generator.
  public func callAsFunction() -> StackElementID {
    self.next()
  }

  /// A generator that counts up from the given generation.
  public static func incrementing(from generation: Int = 0) -> Self {
    let next = GenerationCounter(generation)
    return Self(
      next: { StackElementID(generation: next.value.wrappingAdd(1, ordering: .relaxed).oldValue) },
      peek: { StackElementID(generation: next.value.load(ordering: .relaxed)) }
    )
  }

  /// A generator made of its two functions: the playground's replays count from a generation
  /// they set before each action.
  @_spi(Hosting) public init(
    next: @escaping @Sendable () -> StackElementID, peek: @escaping @Sendable () -> StackElementID
  ) {
    self.next = next
    self.peek = peek
  }

  /// An independent generator that continues from where this one is now.
  public func incrementingCopy() -> Self {
    .incrementing(from: self.peek().generation)
  }
}

extension StackElementIDGenerator: DependencyKey {
  public static var liveValue: Self { .incrementing() }
  public static var testValue: Self { .incrementing() }
}

extension DependencyValues {
  /// The generator of ``StackElementID``s that ``StackState`` uses when elements are added.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}

/// An incrementing generator's next generation: an atomic counter (the playground peeks at it
/// before every action a store reduces, and a lock around it was two fifths of that peek).
private final class GenerationCounter: Sendable {
  let value: Atomic<Int>
  init(_ value: Int) { self.value = Atomic(value) }
}
