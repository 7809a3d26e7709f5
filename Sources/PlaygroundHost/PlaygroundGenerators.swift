import ComposableArchitecture
import Foundation
import Synchronization

/// The playground's id and random-number generators, with their state readable and settable, so
/// that the history can note where they were before each action and a replay can start them
/// there again.
///
/// They hand out what swift-dependencies' `UUIDGenerator.incrementing` and a
/// ``SeededRandomNumberGenerator`` seeded with 0 would: `UUID(0)`, `UUID(1)`, … and the same
/// random numbers.
public final class PlaygroundGenerators: Sendable {
  /// Where the generators are: the next id's number and the random generator's state.
  public struct State: Sendable, Equatable {
    /// The number of the next `UUID` (`UUID(n)`).
    public var nextUUID: Int
    /// The random generator, as it will produce its next number.
    public var random: SeededRandomNumberGenerator

    public init(nextUUID: Int = 0, random: SeededRandomNumberGenerator = SeededRandomNumberGenerator(seed: 0)) {
      self.nextUUID = nextUUID
      self.random = random
    }
  }

  private let storage: Mutex<State>

  public init(_ state: State = State()) {
    self.storage = Mutex(state)
  }

  /// Where the generators are now.
  public var state: State {
    get { self.storage.withLock { $0 } }
    set { self.storage.withLock { $0 = newValue } }
  }

  /// The next id: `UUID(n)` (swift-dependencies' integer initializer), then counts up.
  public func nextUUID() -> UUID {
    let number = self.storage.withLock { state in
      defer { state.nextUUID += 1 }
      return state.nextUUID
    }
    return UUID(number)
  }

  /// The next random number.
  public func nextRandom() -> UInt64 {
    self.storage.withLock { $0.random.next() }
  }

  /// A `uuid` dependency drawing from these generators.
  public var uuidGenerator: UUIDGenerator {
    UUIDGenerator { [self] in self.nextUUID() }
  }

  /// A `withRandomNumberGenerator` dependency drawing from these generators.
  public var randomNumberGenerator: WithRandomNumberGenerator {
    WithRandomNumberGenerator(Drawing(generators: self))
  }

  /// A random number generator handing out the generators' numbers.
  private struct Drawing: RandomNumberGenerator, Sendable {
    let generators: PlaygroundGenerators
    mutating func next() -> UInt64 { self.generators.nextRandom() }
  }
}

/// Whether two values hold the same bytes: for dependencies made of closures and references, that
/// they are the same instance (the same closure, capturing the same objects).
func holdSameBytes<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) } }
}
