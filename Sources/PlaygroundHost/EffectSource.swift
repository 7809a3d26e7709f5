@_spi(Hosting) import ComposableArchitecture
import CustomDump

/// Where an effect came from: the reduction whose reducer returned it, where in the reducer it
/// was made and the cancel identifiers it runs under. The cause of every action an effect
/// delivers, and the description of every effect in flight.
public struct EffectSource: Sendable, Equatable {
  /// The ``Reduction/id`` of the action that returned the effect (see ``ReductionInfo``).
  public var origin: Int?
  /// `Day2/CartPage.swift:42`, the `#fileID` and line of its `.send`, `.run` or `.publisher`;
  /// `nil` for a 0.x effect (`Effect(value:)`, `eraseToEffect()`), which doesn't say.
  public var location: String?
  /// The identifiers of the `.cancellable(id:)` around it, outermost first.
  public var cancelIDs: [EffectCancelID]
  /// Whether the runtime made it: a presented feature's dismissal (its `dismiss` dependency).
  public var isPresentation: Bool

  public init(origin: Int?, location: String?, cancelIDs: [EffectCancelID], isPresentation: Bool = false) {
    self.origin = origin
    self.location = location
    self.cancelIDs = cancelIDs
    self.isPresentation = isPresentation
  }

  init(_ cause: EffectCause) {
    self.init(
      origin: cause.origin, location: cause.location?.description,
      cancelIDs: cause.cancelIDs.map(EffectCancelID.init), isPresentation: cause.isPresentation
    )
  }
}

/// A cancel identifier (`CancelID.timer`), with the text it reads as.
public struct EffectCancelID: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// The identifier as `.cancellable(id:)` got it.
  public let value: AnyHashable
  /// How it reads: `CancelID.timer`, `"search"`, `42` (CustomDump's text).
  public let description: String

  public init(_ value: AnyHashable) {
    self.value = value
    self.description = String(customDumping: value.base)
  }
}

/// One action a store reduced: its identity (unique in the process) and, for an action an
/// effect delivered, the effect it came from.
public struct ReductionInfo: Sendable, Equatable {
  public var id: Int
  /// `nil` for an action sent to the store.
  public var cause: EffectSource?

  public init(id: Int, cause: EffectSource?) {
    self.id = id
    self.cause = cause
  }

  /// The reduction under way, when a store's reducer is running.
  @MainActor static var current: ReductionInfo? {
    // Read field by field where it is: a copy of the whole reduction, its cause's cancel
    // identifiers included, and its destruction are avoided (speed: docs/benchmarks-log.md,
    // "A history step made by moves").
    guard let id = Reduction.current?.id else { return nil }
    return ReductionInfo(id: id, cause: Reduction.current?.cause.map(EffectSource.init))
  }
}

/// An effect in flight: a `.run` or a stream effect (a publisher, a timer, a delay).
public struct InFlightEffect: Sendable, Equatable {
  public var source: EffectSource
  /// The last reduction begun when it started (a concatenated effect starts after the one
  /// before it ends).
  public var startedAfter: Int

  public init(source: EffectSource, startedAfter: Int) {
    self.source = source
    self.startedAfter = startedAfter
  }

  init(_ effect: RunningEffect) {
    self.init(source: EffectSource(effect.cause), startedAfter: effect.startedAfter)
  }
}
