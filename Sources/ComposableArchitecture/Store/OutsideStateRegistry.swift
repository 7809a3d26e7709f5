/// Values that live outside every store's state (shared state, such as `@Shared`'s storage),
/// registered so that a host can take them with a store's state when it snapshots one (history,
/// replays) and put them back when it restores it.
///
/// ```swift
/// let registry = OutsideStateRegistry()
/// OutsideStateRegistry.$current.withValue(registry) { runUserCode() }
/// let snapshot = registry.snapshot()
/// …
/// registry.restore(snapshot)
/// ```
@_spi(Hosting) @MainActor
public final class OutsideStateRegistry {
  /// The values of a registry at one moment, by key.
  public struct Snapshot {
    /// Each registered value, by its key.
    public let values: [String: Any]
  }

  private var entries: [String: (read: () -> Any, write: (Any) -> Void)] = [:]
  private var order: [String] = []

  /// An empty registry.
  public init() {}

  /// The registry of the task (a host's session) that bound it, where values outside the state
  /// register; `nil` when no host listens.
  @TaskLocal public static var current: OutsideStateRegistry?

  /// The keys registered, in the order they were first registered.
  public var keys: [String] { self.order }

  /// Registers the value `key` names: `read` takes its value, `write` puts one back. A key
  /// registered again replaces its functions.
  public func register(_ key: String, read: @escaping () -> Any, write: @escaping (Any) -> Void) {
    if self.entries[key] == nil { self.order.append(key) }
    self.entries[key] = (read, write)
  }

  /// Forgets the value `key` names.
  public func unregister(_ key: String) {
    guard self.entries.removeValue(forKey: key) != nil else { return }
    self.order.removeAll { $0 == key }
  }

  /// The registered values as they are now.
  public func snapshot() -> Snapshot {
    Snapshot(values: self.entries.mapValues { $0.read() })
  }

  /// Puts back the values of `snapshot`, in the order they were registered; values registered
  /// since the snapshot was taken keep theirs.
  public func restore(_ snapshot: Snapshot) {
    for key in self.order {
      if let value = snapshot.values[key] { self.entries[key]?.write(value) }
    }
  }
}
