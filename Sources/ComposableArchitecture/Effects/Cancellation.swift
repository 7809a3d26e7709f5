extension Effect {
  /// Turns an effect into one that is capable of being cancelled.
  ///
  /// To turn an effect into a cancellable one you must provide an identifier, which is used in
  /// ``Effect/cancel(id:)`` to identify which in-flight effect should be canceled. Any hashable
  /// value can be used for the identifier, such as a string, but you can add a bit of protection
  /// against typos by defining a new type for the identifier, or an enum of cases.
  ///
  /// Identifiers are local to the store and to the child feature the effect was started in:
  /// two rows of a `forEach` can use the same identifier without cancelling each other.
  ///
  /// - Parameters:
  ///   - id: The effect's identifier.
  ///   - cancelInFlight: Determines if any in-flight effect with the same identifier should be
  ///     canceled before starting this new one.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    @Dependency(\.navigationIDPath) var path
    switch self.operation {
    case .none:
      return cancelInFlight ? .cancel(id: id) : .none
    default:
      return Self(
        operation: .cancellable(
          id: AnyHashable(id), cancelInFlight: cancelInFlight, path: path, self
        )
      )
    }
  }

  /// An effect that will cancel any currently in-flight effect with the given identifier.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    @Dependency(\.navigationIDPath) var path
    return Self(operation: .cancel(id: AnyHashable(id), path: path))
  }

  /// Tags every part of this effect with a navigation path, so that
  /// ``Effect/_cancel(navigationPath:)`` cancels it when the feature it belongs to goes away
  /// (a removed `forEach` element, a nil-ed `ifLet` child, a dismissed presentation).
  public func _cancellable(navigationPath: NavigationIDPath) -> Self {
    guard !self._isNone else { return self }
    return Self(
      operation: .cancellable(
        id: AnyHashable(_NavigationEffectID()), cancelInFlight: false, path: navigationPath, self
      )
    )
  }

  /// An effect that cancels every effect started within the given navigation path, including
  /// those of its descendants.
  public static func _cancel(navigationPath: NavigationIDPath) -> Self {
    Self(operation: .cancelNavigation(navigationPath))
  }
}

struct _NavigationEffectID: Hashable, Sendable {}

/// The in-flight cancellable effects of one store, by identifier and navigation path.
@MainActor
final class CancellationRegistry {
  struct Key: Hashable, @unchecked Sendable {
    let id: AnyHashable
    let path: NavigationIDPath
  }

  private var cancellables: [Key: [EffectCancellable]] = [:]

  func insert(_ cancellable: EffectCancellable, for key: Key) {
    self.cancellables[key, default: []].append(cancellable)
  }

  func remove(_ cancellable: EffectCancellable, for key: Key) {
    guard var list = self.cancellables[key] else { return }
    list.removeAll { $0 === cancellable }
    self.cancellables[key] = list.isEmpty ? nil : list
  }

  func cancel(_ key: Key) {
    guard let list = self.cancellables.removeValue(forKey: key) else { return }
    for cancellable in list { cancellable.cancel() }
  }

  func cancel(navigationPath: NavigationIDPath) {
    // Outermost first: a feature's whole effect tree (tagged with `_NavigationEffectID` at the
    // shortest path) goes before the identifiers nested inside it, so that a nested
    // cancellation can't let a cancelled concatenation move on to its next effect (a
    // presentation's "dismiss" action, say).
    let keys = self.cancellables.keys
      .filter { $0.path.starts(with: navigationPath) }
      .sorted { lhs, rhs in
        if lhs.path.path.count != rhs.path.path.count {
          return lhs.path.path.count < rhs.path.path.count
        }
        return lhs.id.base is _NavigationEffectID && !(rhs.id.base is _NavigationEffectID)
      }
    for key in keys { self.cancel(key) }
  }

  func cancelAll() {
    let all = self.cancellables
    self.cancellables = [:]
    for list in all.values { for cancellable in list { cancellable.cancel() } }
  }

  var count: Int { self.cancellables.values.reduce(0) { $0 + $1.count } }

  var keys: [Key] { Array(self.cancellables.keys) }
}
