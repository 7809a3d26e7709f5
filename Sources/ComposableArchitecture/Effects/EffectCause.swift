/// Why a store reduced an action an effect delivered: the reduction whose effect it was, where
/// in the reducer that effect was made, and the cancel identifiers it runs under.
///
/// The playground's history and `:why` read it; TCA's public API doesn't show it.
@_spi(Hosting) public struct EffectCause: @unchecked Sendable {
  /// The ``Reduction/id`` of the action whose reducer returned the effect, or `nil` for an effect
  /// started outside a reducer.
  public var origin: Int?
  /// Where the effect was made (`.send`, `.run`, `.publisher`); `nil` for an effect that doesn't
  /// say (a 0.x `Effect(value:)` or a publisher turned into an effect with `eraseToEffect()`).
  public var location: EffectLocation?
  /// The identifiers of the `.cancellable(id:)` around the effect, outermost first.
  public var cancelIDs: [AnyHashable]
  /// Whether the runtime made the effect itself: the effect a presented feature or stack element
  /// waits in until it is dismissed, and the dismissal action it then sends.
  public internal(set) var isPresentation = false

  init(origin: Int?, location: EffectLocation?, cancelIDs: [AnyHashable]) {
    self.origin = origin
    self.location = location
    self.cancelIDs = cancelIDs
  }
}

/// One action a store is reducing: an identity unique in the process, and, for an action an
/// effect delivered, its ``EffectCause``.
@_spi(Hosting) public struct Reduction: Sendable {
  public let id: Int
  /// `nil` for an action sent to the store.
  public let cause: EffectCause?

  /// The reduction under way, read by a reducer while it runs (the playground's
  /// `_printChanges` printer); `nil` outside a store's reducer.
  @MainActor public private(set) static var current: Reduction?
  /// The identity of the last reduction begun.
  @MainActor private(set) static var lastID = 0

  /// Runs `reduce` as a new reduction of an action with `cause`.
  @MainActor static func run<Result>(cause: EffectCause?, _ reduce: (Reduction) -> Result) -> Result {
    Self.lastID += 1
    let reduction = Reduction(id: Self.lastID, cause: cause)
    let previous = Self.current
    Self.current = reduction
    defer { Self.current = previous }
    return reduce(reduction)
  }
}

/// An effect running now: a `.run` or a stream effect (a publisher, a timer, a delay).
@_spi(Hosting) public struct RunningEffect: Sendable {
  /// Where it came from; its ``EffectCause/origin`` is the reduction that returned it.
  public let cause: EffectCause
  /// The last ``Reduction/id`` begun when it started (a concatenated effect starts after the
  /// one before it ends).
  public let startedAfter: Int
}

extension CancellationRegistry {
  /// Cancels every effect registered under `id`, at any navigation path, as `Effect.cancel(id:)`
  /// does at its own.
  func cancel(id: AnyHashable) {
    for key in self.keys where key.id == id {
      self.cancel(key)
    }
  }
}

extension Effect {
  /// Where the first effect of this tree that says so was made (depth first).
  var _firstLocation: (fileID: StaticString, line: UInt)? {
    switch self.operation {
    case let .located(fileID, line, _): return (fileID, line)
    case let .merge(effects), let .concatenate(effects): return effects.lazy.compactMap(\._firstLocation).first
    case let .cancellable(_, _, _, effect), let .lifecycle(_, _, effect): return effect._firstLocation
    default: return nil
    }
  }

  /// This effect, made where `other` was: for an effect the runtime wraps around another
  /// (`debounce`'s wait, `throttle`'s stream).
  func _located(like other: Effect) -> Self {
    guard let location = other._firstLocation else { return self }
    return Self(operation: .located(fileID: location.fileID, line: location.line, self))
  }

  /// The effect without the location it was made at: for effects the runtime makes on behalf of
  /// 0.x code, whose call site isn't known.
  var _withoutLocation: Self {
    if case let .located(_, _, effect) = self.operation { return effect }
    return self
  }
}
