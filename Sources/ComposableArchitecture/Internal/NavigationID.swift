/// The path of child features an effect was started in: a `forEach` element, an `ifLet` child,
/// a presented destination. Effects are registered under it so that removing a feature cancels
/// its effects, and so that cancellation identifiers are local to a feature.
public struct NavigationIDPath: Hashable, Sendable {
  var path: [NavigationID]

  public init() {
    self.path = []
  }

  init(path: [NavigationID]) {
    self.path = path
  }

  func appending(_ id: NavigationID) -> Self {
    Self(path: self.path + [id])
  }

  func starts(with prefix: Self) -> Bool {
    self.path.starts(with: prefix.path)
  }
}

/// Identifies one child feature: where its state lives, its type, and its identity.
struct NavigationID: Hashable, @unchecked Sendable {
  let keyPath: AnyKeyPath?
  let typeID: ObjectIdentifier
  let identity: AnyHashable?

  init<Base>(base: Base, keyPath: AnyKeyPath?) {
    self.keyPath = keyPath
    self.typeID = ObjectIdentifier(Base.self)
    self.identity = _identity(of: base)
  }

  init<ID: Hashable>(id: ID, keyPath: AnyKeyPath) {
    self.keyPath = keyPath
    self.typeID = ObjectIdentifier(ID.self)
    self.identity = AnyHashable(id)
  }
}

/// The identity of a value for navigation: its `id` when `Identifiable`, its case tag when an
/// enum, otherwise nothing (only the type counts).
func _identity(of base: Any) -> AnyHashable? {
  func open<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
  if let identifiable = base as? any Identifiable {
    return open(identifiable)
  }
  if let optional = base as? any _OptionalProtocol {
    return optional._wrapped.flatMap(_identity(of:))
  }
  let mirror = Mirror(reflecting: base)
  if mirror.displayStyle == .enum {
    return AnyHashable(mirror.children.first?.label ?? "\(base)")
  }
  return nil
}

protocol _OptionalProtocol {
  var _wrapped: Any? { get }
}

extension Optional: _OptionalProtocol {
  var _wrapped: Any? { self.map { $0 as Any } }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  /// The navigation path of the feature currently reducing: maintained by `forEach`, `ifLet` and
  /// presentation reducers, read by ``Effect/cancellable(id:cancelInFlight:)``.
  public var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
