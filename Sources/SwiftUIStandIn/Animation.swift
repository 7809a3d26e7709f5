// The SwiftUI value types that reducers and state use, for loaded code: `import SwiftUI` in a
// `:load`ed file resolves to this module (`-module-alias SwiftUI=SwiftUIStandIn`). It is not a
// module named SwiftUI: the dependencies' `canImport(SwiftUI)` checks would flip in our own build.

/// How a change would be animated in a view: the playground has no views, so an animation is a
/// value that state and actions carry (compared, printed), and the change it goes with happens
/// as it would without one.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// The curve or spring, as its name and parameters (`easeInOut(duration: 0.3)`).
  public var description: String
  /// The speed, delay and repetition applied to the base animation, in order.
  public var modifiers: [String] = []

  init(_ description: String) { self.description = description }

  public static let `default` = Animation("default")
  public static let linear = Animation("linear")
  public static let easeIn = Animation("easeIn")
  public static let easeOut = Animation("easeOut")
  public static let easeInOut = Animation("easeInOut")
  public static let spring = Animation("spring")
  public static let interactiveSpring = Animation("interactiveSpring")
  public static let bouncy = Animation("bouncy")
  public static let smooth = Animation("smooth")
  public static let snappy = Animation("snappy")

  public static func linear(duration: Double) -> Animation { Animation("linear(duration: \(duration))") }
  public static func easeIn(duration: Double) -> Animation { Animation("easeIn(duration: \(duration))") }
  public static func easeOut(duration: Double) -> Animation { Animation("easeOut(duration: \(duration))") }
  public static func easeInOut(duration: Double) -> Animation { Animation("easeInOut(duration: \(duration))") }
  public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0)
    -> Animation
  {
    Animation("spring(response: \(response), dampingFraction: \(dampingFraction), blendDuration: \(blendDuration))")
  }
  public static func spring(duration: Double, bounce: Double = 0) -> Animation {
    Animation("spring(duration: \(duration), bounce: \(bounce))")
  }
  public static func bouncy(duration: Double, extraBounce: Double = 0) -> Animation {
    Animation("bouncy(duration: \(duration), extraBounce: \(extraBounce))")
  }
  public static func smooth(duration: Double, extraBounce: Double = 0) -> Animation {
    Animation("smooth(duration: \(duration), extraBounce: \(extraBounce))")
  }
  public static func snappy(duration: Double, extraBounce: Double = 0) -> Animation {
    Animation("snappy(duration: \(duration), extraBounce: \(extraBounce))")
  }

  public func speed(_ speed: Double) -> Animation { self.modified("speed(\(speed))") }
  public func delay(_ delay: Double) -> Animation { self.modified("delay(\(delay))") }
  public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
    self.modified("repeatCount(\(count), autoreverses: \(autoreverses))")
  }
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    self.modified("repeatForever(autoreverses: \(autoreverses))")
  }

  private func modified(_ modifier: String) -> Animation {
    var animation = self
    animation.modifiers.append(modifier)
    return animation
  }
}

/// The context of a state change: its animation. `withTransaction` makes it current for the
/// change's duration, as SwiftUI does; nothing renders it here.
public struct Transaction: Sendable {
  public var animation: Animation?
  public var disablesAnimations = false
  public var isContinuous = false

  public init() {}
  public init(animation: Animation?) { self.animation = animation }

  /// The transaction of the change being made (inside `withTransaction`/`withAnimation`), if any.
  @TaskLocal public static var current: Transaction?
}

/// Runs `body` with `transaction` as ``Transaction/current``, and returns its result.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
  try Transaction.$current.withValue(transaction) { try body() }
}

/// Runs `body` with a transaction of `animation` as ``Transaction/current``, and returns its result.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try withTransaction(Transaction(animation: animation), body)
}
